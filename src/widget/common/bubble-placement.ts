/**
 * Where a bubble goes beside what it points at, in viewport pixels: the tooltips' bubbles and the
 * product tour's popovers (both `position: fixed` in the widget's shadow root). Pure: the surfaces
 * measure, this file decides.
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

/** Spec §9: a bubble (a tooltip's, a tour step's) sits 10 px from what it points at. */
export const bubbleOffset = 10;
/** The bubble keeps this far from the window's edges. */
export const viewportMargin = 8;
/** The arrow never sits closer than this to a corner of the bubble. */
const arrowInset = 14;

export type BubbleSide = "left" | "right" | "top" | "bottom";

export interface BubblePlacement {
  left: number;
  top: number;
  side: BubbleSide;
  /** The arrow's distance from the bubble's top (left/right sides) or left edge (top/bottom sides). */
  arrow: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

const opposite: Record<BubbleSide, BubbleSide> = {
  left: "right",
  right: "left",
  top: "bottom",
  bottom: "top",
};
const isHorizontal = (side: BubbleSide) => side === "left" || side === "right";

/**
 * Where the bubble starts along its side (centred on the anchor's `centre`, kept inside the window)
 * and how far from that start its arrow points at the anchor.
 */
function alongSide(centre: number, length: number, windowLength: number) {
  const start = clamp(
    centre - length / 2,
    viewportMargin,
    Math.max(viewportMargin, windowLength - viewportMargin - length),
  );
  return { start, arrow: clamp(centre - start, arrowInset, Math.max(arrowInset, length - arrowInset)) };
}

/**
 * The bubble beside its anchor on the preferred side, flipped to the opposite side when it does not
 * fit there, and on the other axis when neither has room (below, or above when there is more room
 * there, for a tooltip on a phone; right, or left when there is more room there, for a tour step
 * below a tall element). It is then shifted along that side to stay inside the window, the arrow
 * still pointing at the anchor.
 */
export function bubblePlacement(
  anchor: Rect,
  bubble: Size,
  viewport: Size,
  preferred: BubbleSide,
): BubblePlacement {
  const room: Record<BubbleSide, number> = {
    right: viewport.width - viewportMargin - (anchor.left + anchor.width + bubbleOffset),
    left: anchor.left - bubbleOffset - viewportMargin,
    bottom: viewport.height - viewportMargin - (anchor.top + anchor.height + bubbleOffset),
    top: anchor.top - bubbleOffset - viewportMargin,
  };
  const fits = (side: BubbleSide) => room[side] >= (isHorizontal(side) ? bubble.width : bubble.height);
  const centreY = anchor.top + anchor.height / 2;
  const centreX = anchor.left + anchor.width / 2;

  let side = [preferred, opposite[preferred]].find(fits) ?? (isHorizontal(preferred) ? "bottom" : "right");
  if (!fits(side) && room[opposite[side]] > room[side]) side = opposite[side];

  if (isHorizontal(side)) {
    const left =
      side === "right"
        ? anchor.left + anchor.width + bubbleOffset
        : anchor.left - bubbleOffset - bubble.width;
    const { start: top, arrow } = alongSide(centreY, bubble.height, viewport.height);
    return { left, top, side, arrow };
  }
  const top =
    side === "bottom" ? anchor.top + anchor.height + bubbleOffset : anchor.top - bubbleOffset - bubble.height;
  const { start: left, arrow } = alongSide(centreX, bubble.width, viewport.width);
  return { left, top, side, arrow };
}

/** An element that is not laid out (hidden, detached, collapsed) has no box to point at. */
export const hasBox = (rect: Rect) => rect.width > 0 || rect.height > 0;
