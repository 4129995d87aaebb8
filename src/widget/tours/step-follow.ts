import type { Rect } from "../common/bubble-placement.ts";
import { watchMoves } from "../common/target-moves.ts";

/** Frames the first placement waits at most for the page to hold still (about half a second). */
export const settleFrames = 30;

/** The same place to within half a pixel (layout rounds to fractions), or both without a box. */
export function sameBox(a: Rect | null, b: Rect | null): boolean {
  if (!a || !b) return a === b;
  return (
    Math.abs(a.left - b.left) < 0.5 &&
    Math.abs(a.top - b.top) < 0.5 &&
    Math.abs(a.width - b.width) < 0.5 &&
    Math.abs(a.height - b.height) < 0.5
  );
}

export interface StillWait {
  /** The step's element's box now; null without one. */
  box: () => Rect | null;
  /** Just after the next frame was drawn, when measuring costs nothing (`afterFrame`). */
  whenDrawn: (callback: () => void) => void;
  /** False once the step was taken away: the wait ends without `then`. */
  wanted: () => boolean;
  /** Wraps a frame callback so it never throws into the host page. */
  guarded: (callback: () => void) => () => void;
}

/**
 * Runs `then` once the page holds still under a step: its element's box the same in two frames in a
 * row (a page still settling, a banner pushing it down, moves it meanwhile), or after `settleFrames`
 * frames at the most, so an element forever on the move still gets its step.
 */
export function whenStill(wait: StillWait, then: () => void): void {
  let last = wait.box();
  let frames = 0;
  const check = wait.guarded(() => {
    if (!wait.wanted()) return;
    const box = wait.box();
    if (sameBox(box, last) || ++frames >= settleFrames) return then();
    last = box;
    wait.whenDrawn(check);
  });
  wait.whenDrawn(check);
}

/** What following a step on the page needs of the window (tests pass happy-dom's). */
type FollowWindow = Window & typeof globalThis;

/** What moved a placed step: a scroll, which leaves the page's layout as it was, or a change of the page. */
export interface StepMoves {
  scrolled(): void;
  changed(): void;
}

/**
 * Tells `on` whenever a placed step may have to move: `scrolled` for a scroll (of the page or of
 * anything in it); `changed` for a resize, a size change of the element or the popover, the page
 * growing or moving down above it (a ResizeObserver on `<html>`'s border box: content inserted, a
 * banner's `padding-top`), and any move of the element at all (target-moves.ts: also where `<html>`
 * keeps its box). Answers the stop.
 */
export function followStep(
  window: FollowWindow,
  step: { popover: HTMLElement; target: Element | null },
  measure: (element: Element) => Rect,
  on: StepMoves,
): () => void {
  const onScroll = () => on.scrolled();
  const onChange = () => on.changed();
  window.addEventListener("scroll", onScroll, { capture: true, passive: true });
  window.addEventListener("resize", onChange, { passive: true });
  let observer: ResizeObserver | null = null;
  if (typeof window.ResizeObserver === "function") {
    observer = new window.ResizeObserver(onChange);
    observer.observe(step.popover);
    observer.observe(window.document.documentElement, { box: "border-box" });
    if (step.target) observer.observe(step.target);
  }
  const stopMoves = step.target ? watchMoves(window, step.target, measure, onChange) : () => {};
  return () => {
    window.removeEventListener("scroll", onScroll, { capture: true });
    window.removeEventListener("resize", onChange);
    observer?.disconnect();
    stopMoves();
  };
}
