import { watchMoves } from "../common/target-moves.ts";
import type { Attached } from "./tooltip-elements.ts";
import { createPositioner, type PositionerOptions } from "./tooltip-positioning.ts";

export interface FollowingOptions extends PositionerOptions {
  /**
   * Places every tooltip once the next frame was drawn (page-watch.ts `placeWhenDrawn`): a move is
   * heard as the page changed, and measuring from the next frame's callback would force its relayout.
   */
  placeWhenDrawn(): void;
}

/**
 * Keeps the tooltips where their elements are: places them all at once, reading the page for every
 * one before writing any (reading after a write lays the page out again, once per hotspot), and
 * watches each element for moves nothing else announces (content inserted above it, a banner's
 * padding on `<html>`, a web font) with an IntersectionObserver that costs nothing while the element
 * stays where it is, where a once-a-second placement asked the host page for a frame every second.
 */
export function createFollowing(options: FollowingOptions) {
  const { nextFrame } = options;
  const positioner = createPositioner(options);

  /**
   * Starts the element's move watch, or keeps the one it has: a watch gives up when its element loses
   * its box, and starts again once the element is placed again. A plain tooltip's element is watched
   * only while its bubble shows. Answers true, for `placeWithRetries`.
   */
  function followMoves(entry: Attached): boolean {
    const wanted = !options.stopped() && (entry.hotspot !== null || entry.shown);
    if (wanted && entry.moves?.watching()) return true;
    entry.moves?.();
    entry.moves = undefined;
    if (wanted)
      entry.moves = watchMoves(options.window, entry.target, options.measure, options.placeWhenDrawn);
    return true;
  }

  return {
    positioner,
    followMoves,
    /** A hotspot whose element has no box yet is tried again on the next frames (spec §9). */
    retryPlacement(entry: Attached) {
      nextFrame(() =>
        positioner.placeWithRetries(() => positioner.placeHotspot(entry) && followMoves(entry), 1),
      );
    },
    /**
     * Places every hotspot and shown bubble; the move watches start in the reading part, since they
     * measure. Answers the entries whose element has no box.
     */
    placeAll(entries: readonly Attached[]): Attached[] {
      const spots = entries.map((entry) => (entry.hotspot ? positioner.measureHotspot(entry) : null));
      entries.forEach((entry, index) => {
        if (!entry.hotspot || spots[index]) followMoves(entry);
      });
      const unplaced = entries.filter(
        (entry, index) => !positioner.applyHotspot(entry, spots[index] ?? null),
      );
      for (const entry of entries) positioner.placeBubble(entry);
      return unplaced;
    },
  };
}
