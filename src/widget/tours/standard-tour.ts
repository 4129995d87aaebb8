import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { nextTask } from "../common/next-task.ts";
import { tourTexts } from "../common/tour-texts.ts";
import { findElement, waitForElement } from "../common/wait-for-element.ts";
import { wireShownStep } from "./step-wiring.ts";
import type { TourHandle, TourRun } from "./tour-controller.ts";
import { createPopoverSlot } from "./tour-popover.ts";
import { createTourStage, type StageOptions } from "./tour-stage.ts";
import { advanceOf, elementWait, isTargetClick, stepControls } from "./tour-steps.ts";

/**
 * A product tour (spec §2, §4): a popover per step over an overlay with a cut-out around the step's
 * element, drawn in the widget's shadow root (tour-stage.ts), so the page's CSS never reaches it. This
 * runner decides when a step shows and how it moves on:
 *   - each step's element is waited for (5 s, every 100 ms) before the step shows; a click or input
 *     step whose element never comes quits the tour, any other step shows in the middle instead;
 *   - a click step moves on when its element (or something in it) is clicked, and only then;
 *   - an input step's Next stays disabled until its field holds text;
 *   - elsewhere the element is shown but not clickable, as in the reference;
 *   - Done completes, the close control and Escape quit.
 * The tours chunk imports this file with `import()`: it is in the chunk's one file (build.ts builds it
 * alone, so a first step does not wait for a second round of requests), but a co-pilot tour never
 * evaluates it.
 */

export interface StandardTourEnvironment {
  root: ShadowRoot;
  nonce?: string;
  language: string;
  flowConfig: FlowConfig;
  warn(message: string, error?: unknown): void;
  /** The element wait's clock (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** The stage's measuring and frames (tests pass their own). */
  stage?: Pick<StageOptions, "measure" | "nextFrame" | "afterFrame">;
}

export function runStandardTour(run: TourRun, environment: StandardTourEnvironment): TourHandle {
  const { data } = run;
  const document = environment.root.ownerDocument;
  const window = document.defaultView ?? globalThis.window;
  const texts = tourTexts(environment.language, environment.flowConfig);
  const rtl = isRightToLeft(environment.language, environment.flowConfig);

  const stage = createTourStage({
    ...environment.stage,
    root: environment.root,
    color: environment.flowConfig.color,
    nonce: environment.nonce,
    warn: environment.warn,
  });

  const targets: Array<Element | null> = data.steps.map(() => null);
  const waits = new AbortController();
  let shown = -1;
  let navigation = 0;
  let finished = false;
  const popovers = createPopoverSlot(document, { data, texts, rtl });
  const stepCleanups: Array<() => void> = [];

  const cleanStep = () => {
    for (const cleanup of stepCleanups.splice(0)) cleanup();
    popovers.dispose();
  };

  /** Ends the run: no navigation, element wait or step wiring outlives it. */
  function settle() {
    finished = true;
    navigation++;
    waits.abort();
    cleanStep();
  }

  function teardown() {
    document.removeEventListener("click", onDocumentClick, true);
    window.removeEventListener("keydown", onKeyDown);
    stage.remove();
  }

  function finish(completed: boolean) {
    if (finished) return;
    settle();
    teardown();
    run.onEnd(completed);
  }

  /** Spec §4: a click step's element was clicked: the step is done (saved before a navigation). */
  function onDocumentClick(event: MouseEvent) {
    if (finished || shown < 0) return;
    const step = data.steps[shown];
    if (!step || advanceOf(step) !== "click" || !isTargetClick(targets[shown], event.target)) return;
    const next = shown + 1;
    run.onIndex(next);
    // The page's own handler runs first (it may show what the next step points at, or navigate).
    setTimeout(() => void goTo(next), 0);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && data.allowClose !== false && !finished && shown >= 0) finish(false);
  }

  /** Waits for a step's element (5 s, every 100 ms) with no step on screen. */
  function waitHidden(selector: string) {
    if (shown >= 0) stage.hide();
    return waitForElement(document, selector, {
      ...elementWait,
      signal: waits.signal,
      sleep: environment.sleep,
    });
  }

  async function goTo(index: number) {
    if (finished) return;
    if (index >= data.steps.length) return finish(true);
    if (index < 0) return;
    const token = ++navigation;
    run.onIndex(index);
    const step = data.steps[index];
    if (!step) return;
    cleanStep();
    let target: Element | null = null;
    if (step.selector) {
      // Nothing stays on screen while the page brings the element.
      target = findElement(document, step.selector) ?? (await waitHidden(step.selector));
      if (finished || token !== navigation) return;
      if (!target) {
        environment.warn(`Element not found for selector ${step.selector}`);
        if (step.mode === "CLICK" || step.mode === "INPUT") return finish(false);
      }
    }
    // Drawing the step is a task of its own: with the work before it (an element search on a large
    // host page), one long task.
    await nextTask();
    if (finished || token !== navigation) return;
    targets[index] = target;
    shown = index;
    const controls = stepControls(data, index, run.offset, texts);
    const content = popovers.show(step, controls, {
      back: () => void goTo(index - 1),
      primary: () => void goTo(index + 1),
      close: () => finish(false),
    });
    // An input step's field takes the focus the popover would take.
    const field = target && advanceOf(step) === "input" && "focus" in target ? (target as HTMLElement) : null;
    stage.show({
      content,
      target,
      // The dialog's name: the step's title, else what it is.
      label: step.title || texts.tour,
      wide: controls.wide,
      focus: field,
    });
    // The step on screen is wired to its element: its click, its field, or no clicks at all.
    if (target) stepCleanups.push(...wireShownStep(step, target, popovers.primary()));
  }

  document.addEventListener("click", onDocumentClick, true);
  window.addEventListener("keydown", onKeyDown);
  void goTo(0).catch((error) => {
    environment.warn("the product tour could not be shown", error);
    finish(false);
  });

  return {
    stop() {
      if (finished) return;
      // Without an end: a stopped tour is neither completed nor quit.
      settle();
      teardown();
    },
  };
}
