import type { Rect } from "./bubble-placement.ts";

/** What watching an element's place needs of the window (tests pass their own observer). */
export interface MoveWatchWindow {
  document: Document;
  IntersectionObserver?: typeof IntersectionObserver;
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
}

/** A clipped element (ratio 0) is looked at again after this long, not in a loop. */
const clippedRetryMs = 1000;

/**
 * Stops the watch. `watching()` says whether it still watches: it gives up by itself on an element
 * without a box or no longer in the page, and a caller that hears of the element again (a
 * ResizeObserver) starts a new one.
 */
export type MoveWatch = (() => void) & { watching(): boolean };

/** The root margin that shrinks the window to exactly `box` (rounded outwards, so the box fits). */
export function marginAround(box: Rect, viewport: { width: number; height: number }): string {
  const top = Math.floor(box.top);
  const left = Math.floor(box.left);
  const right = Math.floor(viewport.width - (box.left + box.width));
  const bottom = Math.floor(viewport.height - (box.top + box.height));
  return `${-top}px ${-right}px ${-bottom}px ${-left}px`;
}

/**
 * Calls `onMove` whenever `target` moves in the window, however it moved: a banner's `padding-top` on
 * `<html>` (a page whose `<html>` is `height: 100%` with `box-sizing: border-box` keeps that box's size,
 * so no ResizeObserver hears it), content inserted above it, a web font arriving. An
 * IntersectionObserver whose root is the window shrunk to exactly the element's box answers "all of
 * it" while the element stays; the moment it moves, part of it leaves that box, the observer says
 * so, and it is set up again around the new box. Nothing runs while nothing moves (no measuring per
 * frame). Answers the stop.
 */
export function watchMoves(
  window: MoveWatchWindow,
  target: Element,
  measure: (element: Element) => Rect,
  onMove: () => void,
): MoveWatch {
  if (typeof window.IntersectionObserver !== "function")
    return Object.assign(() => {}, { watching: () => false });
  const Observer: typeof IntersectionObserver = window.IntersectionObserver;
  const root = window.document.documentElement;
  let observer: IntersectionObserver | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const disconnect = () => {
    window.clearTimeout(retry);
    retry = undefined;
    observer?.disconnect();
    observer = null;
  };

  /** Watches the element's box as it is now, for its visible share changing from `threshold`. */
  function watch(threshold: number) {
    disconnect();
    if (stopped || !target.isConnected) return;
    const box = measure(target);
    // Without a box there is nothing to hold still; the step's ResizeObserver hears it get one.
    if (box.width <= 0 || box.height <= 0) return;
    let first = true;
    observer = new Observer(
      ([entry]) => {
        const ratio = entry?.intersectionRatio ?? 0;
        const wasFirst = first;
        first = false;
        if (ratio === threshold) return;
        if (!wasFirst) {
          onMove();
          return watch(1);
        }
        // The first answer: part of the element is clipped (an ancestor's overflow), so "all of it"
        // never comes, or it moved while this was set up; watch for the share it has changing.
        if (ratio <= 0) {
          retry = window.setTimeout(() => watch(1e-7), clippedRetryMs);
          return;
        }
        onMove();
        watch(ratio);
      },
      {
        // The document as the root: the root margin applies in a frame too, not only at the top.
        root: window.document,
        rootMargin: marginAround(box, { width: root.clientWidth, height: root.clientHeight }),
        threshold: Math.max(0, Math.min(1, threshold)) || 1,
      },
    );
    observer.observe(target);
  }

  watch(1);
  const stop = () => {
    stopped = true;
    disconnect();
  };
  return Object.assign(stop, { watching: () => !stopped && (observer !== null || retry !== undefined) });
}
