import { bubblePlacement, hasBox, type Rect } from "../common/bubble-placement.ts";
import type { Attached } from "./tooltip-elements.ts";
import { hotspotPosition } from "./tooltip-placement.ts";

/** Spec §9: a placement that cannot measure its element yet is tried again, at most 50 frames. */
export const placementRetries = 50;

/** The width of an element's text, or null when it has none (see `hotspotPosition`). */
export function textWidth(window: Window & typeof globalThis) {
  return (element: Element) => {
    // A heading across the page: the hotspot goes after its words, as in the reference.
    try {
      const range = window.document.createRange();
      range.selectNodeContents(element);
      const width = range.getBoundingClientRect().width;
      const padding = Number.parseFloat(window.getComputedStyle(element).paddingLeft) || 0;
      return width > 0 ? width + padding : null;
    } catch {
      return null;
    }
  };
}

export interface PositionerOptions {
  window: Window & typeof globalThis;
  measure: (element: Element) => Rect;
  measureText: (element: Element) => number | null;
  nextFrame: (callback: () => void) => void;
  stopped(): boolean;
}

/** Where a hotspot goes on screen (`hotspotPosition`). */
type HotspotSpot = { left: number; top: number };

/**
 * Puts hotspots and bubbles where `tooltip-placement.ts` says, as `position: fixed` boxes. Placing
 * several hotspots reads every element first (`measureHotspot`) and writes after (`applyHotspot`):
 * reading after a write makes the browser lay the page out again, once per hotspot.
 */
export function createPositioner(options: PositionerOptions) {
  const { window, measure, measureText, nextFrame } = options;

  /** Tries `place` on the next frames until it says it is done, at most `placementRetries` times. */
  function placeWithRetries(place: () => boolean, attempt = 0) {
    if (options.stopped() || place() || attempt >= placementRetries) return;
    nextFrame(() => placeWithRetries(place, attempt + 1));
  }

  /** Where the hotspot goes, from reading the page only; null while its element has no box. */
  function measureHotspot(entry: Attached): HotspotSpot | null {
    const box = measure(entry.target);
    if (!entry.target.isConnected || !hasBox(box)) return null;
    return hotspotPosition(box, measureText(entry.target), entry.tooltip);
  }

  /** Puts the hotspot where `measureHotspot` said (hidden without a spot); writes only. */
  function applyHotspot(entry: Attached, spot: HotspotSpot | null): boolean {
    const hotspot = entry.hotspot;
    if (!hotspot) return true;
    hotspot.hidden = !spot;
    if (!spot) return false;
    hotspot.style.left = `${Math.round(spot.left)}px`;
    hotspot.style.top = `${Math.round(spot.top)}px`;
    return true;
  }

  function placeHotspot(entry: Attached): boolean {
    return !entry.hotspot || applyHotspot(entry, measureHotspot(entry));
  }

  function placeBubble(entry: Attached): boolean {
    if (!entry.shown) return true;
    const anchor = measure(entry.hotspot ?? entry.target);
    const size = measure(entry.bubble);
    if (!hasBox(anchor) || size.width === 0) return false;
    const placement = bubblePlacement(
      anchor,
      size,
      { width: window.innerWidth, height: window.innerHeight },
      entry.tooltip.posX,
    );
    entry.bubble.dataset.side = placement.side;
    entry.bubble.style.left = `${Math.round(placement.left)}px`;
    entry.bubble.style.top = `${Math.round(placement.top)}px`;
    const arrow = entry.bubble.querySelector<HTMLElement>(".gt-arrow");
    if (arrow) {
      const vertical = placement.side === "left" || placement.side === "right";
      arrow.style.top = vertical ? `${Math.round(placement.arrow)}px` : "";
      arrow.style.left = vertical ? "" : `${Math.round(placement.arrow)}px`;
    }
    return true;
  }

  return { placeWithRetries, measureHotspot, applyHotspot, placeHotspot, placeBubble };
}
