import type { TourStepData } from "../../shared/tour-messages.ts";
import { advanceOf, fieldValue, inputReady } from "./tour-steps.ts";

/** Makes an element unclickable for a while, the way it was put back afterwards. */
export function blockClicks(element: Element): () => void {
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

/**
 * Wires the step on screen to its element: no clicks at all on a button step (the cut-out shows it,
 * the page under it gets the click); on an input step the primary button follows the field (spec §5).
 * A click step is handled by the tour's document listener. Answers the undos.
 */
export function wireShownStep(
  step: TourStepData,
  target: Element,
  primary: HTMLButtonElement | null | undefined,
): Array<() => void> {
  const advance = advanceOf(step);
  if (advance === "button") return [blockClicks(target)];
  if (advance !== "input") return [];
  const update = () => {
    if (primary) primary.disabled = !inputReady(fieldValue(target));
  };
  update();
  target.addEventListener("input", update);
  target.addEventListener("keyup", update);
  return [
    () => {
      target.removeEventListener("input", update);
      target.removeEventListener("keyup", update);
    },
  ];
}
