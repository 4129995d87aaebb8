import type { Tour } from "shepherd.js";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { nextTask } from "../common/next-task.ts";
import { tourTexts } from "../common/tour-texts.ts";
import { findElement, waitForElement } from "../common/wait-for-element.ts";
import { createShepherd, mountTourLayer } from "./shepherd-options.ts";
import { wireShownStep } from "./step-wiring.ts";
import type { TourHandle, TourRun } from "./tour-controller.ts";
import { createPopoverSlot } from "./tour-popover.ts";
import { advanceOf, elementWait, isTargetClick, stepControls } from "./tour-steps.ts";

/**
 * A product tour drawn with shepherd.js (spec §2, §4): a popover per step over an overlay with a
 * cut-out around the step's element. shepherd.js renders into the widget's shadow root (its steps
 * and its overlay container), so the page's CSS never reaches it. This runner decides when a step
 * shows and how it moves on; shepherd.js only places and draws:
 *   - each step's element is waited for (5 s, every 100 ms) before the step shows; a click or input
 *     step whose element never comes quits the tour, any other step shows in the middle instead;
 *   - a click step moves on when its element (or something in it) is clicked, and only then;
 *   - an input step's Next stays disabled until its field holds text;
 *   - elsewhere the element is shown but not clickable, as in the reference;
 *   - Done completes, the close control and Escape quit.
 * This file is loaded with `import()` by the tours chunk, so co-pilot tours never load shepherd.js.
 */

export interface ShepherdEnvironment {
  root: ShadowRoot;
  nonce?: string;
  language: string;
  flowConfig: FlowConfig;
  warn(message: string, error?: unknown): void;
  /** The element wait's clock (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

export function runShepherdTour(run: TourRun, environment: ShepherdEnvironment): TourHandle {
  const { data } = run;
  const document = environment.root.ownerDocument;
  const window = document.defaultView ?? globalThis.window;
  const texts = tourTexts(environment.language, environment.flowConfig);
  const rtl = isRightToLeft(environment.language, environment.flowConfig);

  const { layer, remove } = mountTourLayer(environment.root, environment.flowConfig.color, environment.nonce);

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

  const tour: Tour = createShepherd(data, layer, {
    target: (index) => targets[index] ?? null,
    controls: (index) => stepControls(data, index, run.offset, texts),
    popover: (step, index, controls) =>
      popovers.show(step, controls, {
        back: () => void goTo(index - 1),
        primary: () => void goTo(index + 1),
        close: () => void tour.cancel(),
      }),
  });

  /** Ends the run: no navigation, element wait or step wiring outlives it. */
  function settle() {
    finished = true;
    navigation++;
    waits.abort();
    cleanStep();
  }

  function finish(completed: boolean) {
    if (finished) return;
    settle();
    teardown();
    run.onEnd(completed);
  }

  function teardown() {
    document.removeEventListener("click", onDocumentClick, true);
    window.removeEventListener("keydown", onKeyDown);
    remove();
  }

  const onComplete = () => finish(true);
  const onCancel = () => finish(false);
  tour.on("complete", onComplete);
  tour.on("cancel", onCancel);

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
    if (event.key === "Escape" && data.allowClose !== false && !finished && shown >= 0) void tour.cancel();
  }

  /** Waits for a step's element (5 s, every 100 ms) with no step on screen. */
  function waitHidden(selector: string) {
    if (shown >= 0) tour.hide();
    return waitForElement(document, selector, {
      ...elementWait,
      signal: waits.signal,
      sleep: environment.sleep,
    });
  }

  async function goTo(index: number) {
    if (finished) return;
    if (index >= data.steps.length) {
      tour.complete();
      return;
    }
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
        if (step.mode === "CLICK" || step.mode === "INPUT") return void tour.cancel();
      }
    }
    // Drawing the step (shepherd.js builds the popover and the overlay and measures the element and
    // the page) is a task of its own: with the work before it, one long task on a large host page.
    await nextTask();
    if (finished || token !== navigation) return;
    targets[index] = target;
    const forward = index > shown;
    const previous = tour.getCurrentStep();
    shown = index;
    if (!tour.isActive()) await tour.start();
    else tour.show(index, forward);
    // One popover in the page at a time (shepherd.js would keep the others, hidden).
    if (previous && previous !== tour.getCurrentStep()) previous.destroy();
    // The dialog's name: the step's title, else what it is.
    tour
      .getCurrentStep()
      ?.getElement()
      ?.setAttribute("aria-label", step.title || texts.tour);
    if (finished || token !== navigation || !target) return;
    // The step on screen is wired to its element: its click, its field, or no clicks at all.
    const element = advanceOf(step) === "input" ? tour.getCurrentStep()?.getElement() : undefined;
    stepCleanups.push(...wireShownStep(step, target, popovers.primary(), element));
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
      settle();
      // Without its events: a stopped tour is neither completed nor quit.
      tour.off("complete", onComplete);
      tour.off("cancel", onCancel);
      if (tour.isActive()) tour.cancel();
      teardown();
    },
  };
}
