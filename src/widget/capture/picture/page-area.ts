/**
 * Where the visitor's screen is in the copy snapdom renders. The copy is of the whole scrollable page
 * (snapdom's `clip` set to it, so snapdom prunes nothing itself; offscreen.ts does), and the picture is
 * that copy cut to the screen: the region the visitor saw, in page coordinates.
 */

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScrollMetrics {
  scrollWidth: number;
  scrollHeight: number;
  clientWidth: number;
  /** Right-to-left pages scroll to the left of their start: their horizontal positions are negative. */
  rightToLeft: boolean;
}

/**
 * The page's scrollable area in page coordinates, grown to hold the region (a region is always on the
 * page, but a page may shrink between reading its size and reading the scroll position).
 */
export function scrollableArea(metrics: ScrollMetrics, region: Region): Region {
  const width = Math.max(metrics.scrollWidth, metrics.clientWidth);
  const left = metrics.rightToLeft ? metrics.clientWidth - width : 0;
  const x = Math.min(left, region.x);
  const y = Math.min(0, region.y);
  return {
    x,
    y,
    width: Math.max(left + width, region.x + region.width) - x,
    height: Math.max(metrics.scrollHeight, region.y + region.height) - y,
  };
}

export function scrollMetrics(win: Window): ScrollMetrics {
  const doc = win.document;
  const root = doc.documentElement;
  return {
    scrollWidth: Math.max(root.scrollWidth, doc.body?.scrollWidth ?? 0),
    scrollHeight: Math.max(root.scrollHeight, doc.body?.scrollHeight ?? 0),
    clientWidth: root.clientWidth,
    rightToLeft: win.getComputedStyle(root).direction === "rtl",
  };
}

/** Where the copy's `clip` starts in snapdom's picture (`result.meta.contentX`/`contentY`). */
export interface ContentOrigin {
  contentX: number;
  contentY: number;
}

/** The region as a crop of the rendered copy, in its viewBox coordinates. */
export function cropFor(origin: ContentOrigin, area: Region, region: Region): Region {
  return {
    x: origin.contentX + region.x - area.x,
    y: origin.contentY + region.y - area.y,
    width: region.width,
    height: region.height,
  };
}
