import Shepherd, { type StepOptions, type Tour } from "shepherd.js";
import type { TourData, TourStepData } from "../../shared/tour-messages.ts";
import { type StepControls, tourLook } from "./tour-steps.ts";
import { tourStyles } from "./tour-styles.ts";

/**
 * How the product tour asks shepherd.js to draw (spec §9): the tour in the widget's layer, and each
 * step's element, cut-out, distance and popover. Only shepherd-tour.ts imports this, so it loads
 * with shepherd.js.
 */

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

export interface StepDrawing {
  /** The step's element once it was found (null: the step shows in the middle). */
  target(index: number): Element | null;
  controls(index: number): StepControls;
  /** Builds the step's popover (disposing of the one before) and answers its element. */
  popover(step: TourStepData, index: number, controls: StepControls): HTMLElement;
}

export function shepherdStepOptions(step: TourStepData, index: number, drawing: StepDrawing): StepOptions {
  const controls = drawing.controls(index);
  return {
    id: `step-${index}`,
    attachTo: { element: () => (drawing.target(index) as HTMLElement | null) ?? null, on: "bottom" },
    classes: controls.wide ? "gtr-wide" : "",
    // The cut-out (spec §9): padding 10, radius 5.
    modalOverlayOpeningPadding: tourLook.stagePadding,
    modalOverlayOpeningRadius: tourLook.stageRadius,
    floatingUIOptions: { middleware: [offsetMiddleware(tourLook.popoverOffset)] },
    scrollTo: { behavior: "smooth", block: "center" },
    text: () => drawing.popover(step, index, controls),
  };
}

/** The shepherd.js tour of `data`, drawn in `layer`. */
export function createShepherd(data: TourData, layer: HTMLElement, drawing: StepDrawing): Tour {
  return new Shepherd.Tour({
    useModalOverlay: true,
    exitOnEsc: data.allowClose !== false,
    keyboardNavigation: false,
    // A prefix of our own, so a host page that uses shepherd.js itself never styles our targets.
    classPrefix: "gleap-tour",
    stepsContainer: layer,
    modalContainer: layer,
    steps: data.steps.map((step, index) => shepherdStepOptions(step, index, drawing)),
  });
}

/** The tour's place in the widget's shadow root: its style and the layer shepherd.js draws into. */
export function mountTourLayer(root: ShadowRoot, color: string, nonce?: string) {
  const document = root.ownerDocument;
  const style = document.createElement("style");
  if (nonce) style.nonce = nonce;
  style.textContent = tourStyles(color);
  const layer = document.createElement("div");
  layer.className = "gtr-layer";
  layer.dataset.gleapSurface = "tour";
  root.append(style, layer);
  return {
    layer,
    remove() {
      style.remove();
      layer.remove();
    },
  };
}
