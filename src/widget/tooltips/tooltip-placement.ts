import type { Rect } from "../common/bubble-placement.ts";
import type { Tooltip } from "./tooltip-config.ts";

/**
 * Where hotspots go, in viewport pixels (`position: fixed` in the widget's shadow root). Pure: the
 * manager measures, this file decides. Their bubbles are placed by `../common/bubble-placement.ts`,
 * which the product tour's popovers share.
 */

/** The hotspot icon's box, as the reference draws it. */
export const hotspotSize = 17;

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
