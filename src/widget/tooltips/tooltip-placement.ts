import type { Tooltip } from "./tooltip-config.ts";

/**
 * Where hotspots and tooltip bubbles go, in viewport pixels (both are `position: fixed` in the widget's
 * shadow root). Pure: the manager measures, this file decides.
 */

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The hotspot icon's box, as the reference draws it. */
export const hotspotSize = 17;
/** Spec §9: the bubble sits 10 px from what it points at. */
export const bubbleOffset = 10;
/** The bubble keeps this far from the window's edges. */
export const viewportMargin = 8;
/** The arrow never sits closer than this to a corner of the bubble. */
const arrowInset = 14;

/**
 * The hotspot's top-left corner beside the element (spec §3 posX, posY, offsetX, offsetY). For an
 * element whose text is narrower than its box (a heading across the page), `contentWidth` is the
 * text's width, so a right-hand hotspot sits just after the words rather than at the far edge.
 */
export function hotspotPosition(
  target: Rect,
  contentWidth: number | null,
  tooltip: Pick<Tooltip, "posX" | "posY" | "offsetX" | "offsetY">,
): { left: number; top: number } {
  const width =
    contentWidth !== null && contentWidth > 0 ? Math.min(target.width, contentWidth) : target.width;
  const left =
    tooltip.posX === "left"
      ? target.left - tooltip.offsetX - hotspotSize
      : target.left + width + tooltip.offsetX;
  const top =
    tooltip.posY === "top"
      ? target.top + tooltip.offsetY
      : tooltip.posY === "bottom"
        ? target.top + target.height - hotspotSize + tooltip.offsetY
        : target.top + target.height / 2 - hotspotSize / 2 + tooltip.offsetY;
  return { left, top };
}

export type BubbleSide = "left" | "right" | "top" | "bottom";

export interface BubblePlacement {
  left: number;
  top: number;
  side: BubbleSide;
  /** The arrow's distance from the bubble's top (left/right sides) or left edge (top/bottom sides). */
  arrow: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/**
 * The bubble beside its anchor on the preferred side (the tooltip's posX), flipped to the other side
 * when it does not fit there, and below (or above) the anchor when neither side has room (a phone).
 * It is then shifted along that side to stay inside the window, the arrow still pointing at the anchor.
 */
export function bubblePlacement(
  anchor: Rect,
  bubble: Size,
  viewport: Size,
  preferred: "left" | "right",
): BubblePlacement {
  const roomRight = viewport.width - viewportMargin - (anchor.left + anchor.width + bubbleOffset);
  const roomLeft = anchor.left - bubbleOffset - viewportMargin;
  const fitsRight = roomRight >= bubble.width;
  const fitsLeft = roomLeft >= bubble.width;
  const centreY = anchor.top + anchor.height / 2;
  const centreX = anchor.left + anchor.width / 2;

  let side: BubbleSide;
  if (preferred === "right") side = fitsRight ? "right" : fitsLeft ? "left" : "bottom";
  else side = fitsLeft ? "left" : fitsRight ? "right" : "bottom";
  if (side === "bottom") {
    const roomBelow = viewport.height - viewportMargin - (anchor.top + anchor.height + bubbleOffset);
    const roomAbove = anchor.top - bubbleOffset - viewportMargin;
    if (roomBelow < bubble.height && roomAbove > roomBelow) side = "top";
  }

  if (side === "left" || side === "right") {
    const left =
      side === "right"
        ? anchor.left + anchor.width + bubbleOffset
        : anchor.left - bubbleOffset - bubble.width;
    const top = clamp(
      centreY - bubble.height / 2,
      viewportMargin,
      Math.max(viewportMargin, viewport.height - viewportMargin - bubble.height),
    );
    return {
      left,
      top,
      side,
      arrow: clamp(centreY - top, arrowInset, Math.max(arrowInset, bubble.height - arrowInset)),
    };
  }
  const top =
    side === "bottom" ? anchor.top + anchor.height + bubbleOffset : anchor.top - bubbleOffset - bubble.height;
  const left = clamp(
    centreX - bubble.width / 2,
    viewportMargin,
    Math.max(viewportMargin, viewport.width - viewportMargin - bubble.width),
  );
  return {
    left,
    top,
    side,
    arrow: clamp(centreX - left, arrowInset, Math.max(arrowInset, bubble.width - arrowInset)),
  };
}

/** An element that is not laid out (hidden, detached, collapsed) has no box to point at. */
export const hasBox = (rect: Rect) => rect.width > 0 || rect.height > 0;
