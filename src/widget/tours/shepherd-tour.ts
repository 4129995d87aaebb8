import Shepherd, { type StepOptions, type Tour } from "shepherd.js";
import type { TourStepData } from "../../shared/tour-messages.ts";
import type { FlowConfig } from "../../shared/widget-flow-config.ts";
import { isRightToLeft, tourTexts } from "../common/tour-texts.ts";
import { findElement, waitForElement } from "../common/wait-for-element.ts";
import type { TourHandle, TourRun } from "./tour-controller.ts";
import { buildPopover, type Popover } from "./tour-popover.ts";
import {
  advanceOf,
  elementWait,
  fieldValue,
  inputReady,
  isTargetClick,
  stepControls,
  tourLook,
} from "./tour-steps.ts";
import { tourStyles } from "./tour-styles.ts";

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

/** floating-ui middleware: the popover keeps `distance` px from its element (spec §9 offset 10). */
function offsetMiddleware(distance: number) {
  return {
    name: "gleapOffset",
    fn: ({ x, y, placement }: { x: number; y: number; placement: string }) => {
      const side = placement.split("-")[0];
      if (side === "top") return { y: y - distance };
      if (side === "bottom") return { y: y + distance };
      if (side === "left") return { x: x - distance };
      if (side === "right") return { x: x + distance };
      return {};
    },
  };
}

/** Makes an element unclickable for a while, the way it was put back afterwards. */
function blockClicks(element: Element): () => void {
  const style = (element as HTMLElement).style;
  if (!style) return () => undefined;
  const value = style.getPropertyValue("pointer-events");
  const priority = style.getPropertyPriority("pointer-events");
  style.setProperty("pointer-events", "none", "important");
  return () => {
    if (value) style.setProperty("pointer-events", value, priority);
    else style.removeProperty("pointer-events");
  };
}

export function runShepherdTour(run: TourRun, environment: ShepherdEnvironment): TourHandle {
  const { data } = run;
  const document = environment.root.ownerDocument;
  const window = document.defaultView ?? globalThis.window;
  const texts = tourTexts(environment.language, environment.flowConfig);
  const rtl = isRightToLeft(environment.language, environment.flowConfig);

  const style = document.createElement("style");
  if (environment.nonce) style.nonce = environment.nonce;
  style.textContent = tourStyles(environment.flowConfig.color);
  const layer = document.createElement("div");
  layer.className = "gtr-layer";
  layer.dataset.gleapSurface = "tour";
  environment.root.append(style, layer);

  const targets: Array<Element | null> = data.steps.map(() => null);
  const waits = new AbortController();
  let shown = -1;
  let navigation = 0;
  let finished = false;
  let popover: Popover | null = null;
  const stepCleanups: Array<() => void> = [];

  const cleanStep = () => {
    for (const cleanup of stepCleanups.splice(0)) cleanup();
    popover?.dispose();
    popover = null;
  };

  const stepOptions = (step: TourStepData, index: number): StepOptions => {
    const controls = stepControls(data, index, run.offset, texts);
    return {
      id: `step-${index}`,
      attachTo: { element: () => (targets[index] as HTMLElement | null) ?? null, on: "bottom" },
      classes: controls.wide ? "gtr-wide" : "",
      // The cut-out (spec §9): padding 10, radius 5.
      modalOverlayOpeningPadding: tourLook.stagePadding,
      modalOverlayOpeningRadius: tourLook.stageRadius,
      floatingUIOptions: { middleware: [offsetMiddleware(tourLook.popoverOffset)] },
      scrollTo: { behavior: "smooth", block: "center" },
      text: () => {
        popover?.dispose();
        popover = buildPopover(document, {
          data,
          step,
          controls,
          texts,
          rtl,
          actions: {
            back: () => void goTo(index - 1),
            primary: () => void goTo(index + 1),
            close: () => void tour.cancel(),
          },
        });
        return popover.element;
      },
    };
  };

  const tour: Tour = new Shepherd.Tour({
    useModalOverlay: true,
    exitOnEsc: data.allowClose !== false,
    keyboardNavigation: false,
    // A prefix of our own, so a host page that uses shepherd.js itself never styles our targets.
    classPrefix: "gleap-tour",
    stepsContainer: layer,
    modalContainer: layer,
    steps: data.steps.map(stepOptions),
  });

  function finish(completed: boolean) {
    if (finished) return;
    finished = true;
    navigation++;
    waits.abort();
    cleanStep();
    teardown();
    run.onEnd(completed);
  }

  function teardown() {
    document.removeEventListener("click", onDocumentClick, true);
    window.removeEventListener("keydown", onKeyDown);
    style.remove();
    layer.remove();
  }

  const onComplete = () => finish(true);
  const onCancel = () => finish(false);
  tour.on("complete", onComplete);
  tour.on("cancel", onCancel);

  /** Wires the step on screen to its element: its click, its field, or no clicks at all. */
  function onShown(index: number) {
    const step = data.steps[index];
    const target = targets[index];
    if (!step || !target) return;
    const advance = advanceOf(step);
    if (advance === "button") {
      stepCleanups.push(blockClicks(target));
      return;
    }
    if (advance === "input") {
      const primary = popover?.primary;
      const update = () => {
        if (primary) primary.disabled = !inputReady(fieldValue(target));
      };
      update();
      target.addEventListener("input", update);
      target.addEventListener("keyup", update);
      stepCleanups.push(() => {
        target.removeEventListener("input", update);
        target.removeEventListener("keyup", update);
      });
      // shepherd.js focuses its popover once placed; on an input step the field is what wants focus.
      const element = tour.getCurrentStep()?.getElement();
      if (element && target instanceof HTMLElement) {
        element.focus = () => target.focus({ preventScroll: true });
      }
    }
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
    if (event.key === "Escape" && data.allowClose !== false && !finished && shown >= 0) void tour.cancel();
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
      target = findElement(document, step.selector);
      if (!target) {
        // Nothing stays on screen while the page brings the element.
        if (shown >= 0) tour.hide();
        target = await waitForElement(document, step.selector, {
          ...elementWait,
          signal: waits.signal,
          sleep: environment.sleep,
        });
        if (finished || token !== navigation) return;
      }
      if (!target) {
        environment.warn(`Element not found for selector ${step.selector}`);
        if (step.mode === "CLICK" || step.mode === "INPUT") return void tour.cancel();
      }
    }
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
    if (!finished && token === navigation) onShown(index);
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
      finished = true;
      navigation++;
      waits.abort();
      cleanStep();
      // Without its events: a stopped tour is neither completed nor quit.
      tour.off("complete", onComplete);
      tour.off("cancel", onCancel);
      if (tour.isActive()) tour.cancel();
      teardown();
    },
  };
}
