import type { TourData, TourStepData } from "../../shared/tour-messages.ts";
import type { TourTexts } from "../common/tour-texts.ts";

/**
 * What a product tour's step shows and how it moves on (spec §2 "Product tour popovers", §4 "Tour",
 * §5 "Input steps advance only after non-empty input"). Pure, so the rules are tested apart from
 * the drawing (tour-stage.ts) and the page.
 */

/** Spec §9: the overlay and its cut-out (the popover's distance is `bubbleOffset`, as a tooltip's). */
export const tourLook = {
  /**
   * The popover's and the overlay's fade (opacity only). Shorter than shepherd.js's 400 ms: every frame
   * of a fade is a frame the host page draws again (bench/host-impact.ts).
   */
  animationMs: 200,
  overlayOpacity: 0.7,
  stagePadding: 10,
  stageRadius: 5,
  /** The popover's arrow: a square turned by 45°, half of it outside the popover. */
  arrowSize: 14,
} as const;

/** Spec §9: how long a step waits for its element to appear, and how often it looks. */
export const elementWait = { timeoutMs: 5000, pollMs: 100 } as const;

/** How a step advances: its Next button, its target's click, or Next once its input has text. */
export type Advance = "button" | "click" | "input";

export function advanceOf(step: TourStepData): Advance {
  // A click or input step without an element to act on can only go on with its button.
  if (step.selector === "") return "button";
  if (step.mode === "CLICK") return "click";
  if (step.mode === "INPUT") return "input";
  return "button";
}

export interface StepControls {
  /** `{current} of {total}`, counting the steps already done on earlier pages; null for a one-step tour. */
  progress: string | null;
  back: string | null;
  /** The primary button's label (Next, or Done on the last step); null on click steps. */
  primary: string | null;
  isLast: boolean;
  close: boolean;
  /** The popover is the wide "post" kind (550 px). */
  wide: boolean;
  video: string | null;
}

/**
 * The controls of step `index` of a run of `data.steps`, where `offset` steps were done before this
 * run (a tour resumed on another page). Back goes back within the run only: earlier steps belonged to
 * another page. The close control shows unless the tour says `allowClose: false`, and Back unless it
 * says `backButton: false` (our defaults where the reference leaves them out; see the notes).
 */
export function stepControls(data: TourData, index: number, offset: number, texts: TourTexts): StepControls {
  const step = data.steps[index];
  const total = data.steps.length + offset;
  const isLast = index >= data.steps.length - 1;
  const advance = step ? advanceOf(step) : "button";
  return {
    progress: total > 1 ? texts.progress(index + offset + 1, total) : null,
    back: data.backButton !== false && index > 0 ? data.prevText || texts.back : null,
    primary: advance === "click" ? null : isLast ? data.doneText || texts.done : data.nextText || texts.next,
    isLast,
    close: data.allowClose !== false,
    wide: step?.type === "post",
    video: step?.type === "video-pointer" && step.videoUrl ? step.videoUrl : null,
  };
}

/** Spec §5: an input step goes on only once its field holds something other than blanks. */
export function inputReady(value: string | null | undefined): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/** Spec §4: a click step advances on a click on its element (or inside it); clicks elsewhere are ignored. */
export function isTargetClick(target: Node | null | undefined, clicked: EventTarget | null): boolean {
  if (!target || !clicked || typeof (clicked as Node).nodeType !== "number") return false;
  return target === clicked || target.contains(clicked as Node);
}

/** The text an input-like element holds: a form field's value, or an editable element's text. */
export function fieldValue(element: Element): string {
  if ("value" in element && typeof (element as HTMLInputElement).value === "string")
    return (element as HTMLInputElement).value;
  return element.textContent ?? "";
}
