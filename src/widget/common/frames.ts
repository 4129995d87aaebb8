import type { Rect } from "./bubble-placement.ts";

/** Measuring and frame timing shared by the surfaces that follow a page element (tooltips, tours). */

export const measureBox = (element: Element): Rect => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
};

/** The next frame (a 16 ms timeout where there are no animation frames). */
export function animationFrame(window: Window & typeof globalThis) {
  return (callback: () => void) =>
    typeof window.requestAnimationFrame === "function"
      ? window.requestAnimationFrame(() => callback())
      : window.setTimeout(callback, 16);
}

/**
 * Just after the next frame was drawn (a task queued from the frame's callback): the page's layout is
 * up to date then, so measuring an element costs nothing, where measuring from the frame's callback
 * after the page changed forces the page's whole relayout into our script (a long task on a large
 * page at 4x throttling, bench/host-impact.ts).
 */
export function afterFrame(window: Window & typeof globalThis) {
  const frame = animationFrame(window);
  return (callback: () => void) => frame(() => window.setTimeout(callback, 0));
}

/** A wait before a placement: the next frame (`animationFrame`) or just after it was drawn (`afterFrame`). */
export type FrameWait = (callback: () => void) => void;

/**
 * One placement waiting at a time, however many scroll, resize or move events ask for it: each request
 * names its own wait (a scroll the next frame, since it leaves the layout as it was; a change of the
 * page after the frame was drawn) and is dropped while one waits already or while `wanted` says no.
 */
export function placementQueue(place: () => void, wanted: () => boolean = () => true) {
  let waiting = false;
  return (wait: FrameWait) => () => {
    if (waiting || !wanted()) return;
    waiting = true;
    wait(() => {
      waiting = false;
      place();
    });
  };
}
