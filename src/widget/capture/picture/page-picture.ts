import type { CaptureContext, snapdom as Snapdom, SnapdomPlugin } from "@zumer/snapdom";
import { keepBottomMargins, keepRootMargins } from "./copy-margins.ts";
import { framePicture } from "./frame-picture.ts";
import { maskedCopy } from "./masked-copies.ts";
import { farOffscreen, offscreenBox } from "./offscreen.ts";
import { cropFor, type Region, scrollableArea, scrollMetrics } from "./page-area.ts";
import { canvasColor } from "./page-background.ts";

/**
 * The page as the visitor saw it, drawn on a canvas by snapdom: the copy of the whole page (its root
 * element, so body margins, fixed and sticky elements, zoom and transforms lay out as on the page), cut
 * to the visitor's screen. What snapdom is given beyond its defaults, and why:
 * - `clip` is the whole scrollable page, so snapdom prunes nothing itself; the picture leaves out
 *   what is far off screen (offscreen.ts) and keeps every box where it was;
 * - the vertical margins snapdom's copy loses are set back (copy-margins.ts);
 * - masked and blocked elements keep their room and show as masked (masked-copies.ts);
 * - frames are pictured with the same rules where the page may read them (frame-picture.ts);
 * - the page's background colour fills the picture first (page-background.ts);
 * - the widget's own elements are left out.
 */

export interface PagePictureRequest {
  window: Window;
  /** What the visitor saw, in page coordinates. */
  region: Region;
  /** Elements that are not the page's (the widget's own root). */
  exclude(element: Element): boolean;
  /** The canvas's size in pixels (the region, scaled). */
  width: number;
  height: number;
}

/** Frames inside frames are pictured this deep; deeper ones show as plain boxes. */
const frameDepth = 3;

/**
 * snapdom's last step folds repeated inline styles into rules, and reads each style back through a
 * `style` attribute set on a loose element, which a host whose CSP has no 'unsafe-inline' reports as a
 * violation. A `data-sdi` attribute on the copy is snapdom's own mark of a copy already folded, so the
 * step is skipped: the picture's SVG is a little longer, the picture the same.
 */
const noStyleFolding: SnapdomPlugin = {
  name: "gleap-no-style-folding",
  afterClone(context) {
    context.clone?.setAttribute("data-sdi", "");
  },
};

type CaptureState = CaptureContext & { nodeMap: Map<Node, Node> };

export async function drawPagePicture(
  snapdom: typeof Snapdom,
  request: PagePictureRequest,
  depth = 0,
): Promise<HTMLCanvasElement> {
  const win = request.window;
  const area = scrollableArea(scrollMetrics(win), request.region);
  // The picture's own copies, each with what it sets again once snapdom has styled it.
  const own = new Map<Node, () => void>();

  const drawFrame = (frameWindow: Window) =>
    drawPagePicture(
      snapdom,
      {
        ...request,
        window: frameWindow,
        region: {
          x: frameWindow.scrollX,
          y: frameWindow.scrollY,
          width: frameWindow.innerWidth,
          height: frameWindow.innerHeight,
        },
        width: frameWindow.innerWidth,
        height: frameWindow.innerHeight,
      },
      depth + 1,
    );

  const copies: SnapdomPlugin = {
    name: "gleap-picture-copies",
    async resolveNode(node) {
      if (request.exclude(node)) return null;
      const copy =
        maskedCopy(node) ??
        (farOffscreen(node) ? offscreenBox(node) : undefined) ??
        (node.tagName === "IFRAME"
          ? await framePicture(node as HTMLIFrameElement, depth < frameDepth ? drawFrame : null)
          : undefined);
      if (copy) own.set(copy.copy, copy.restyle);
      return copy?.copy;
    },
    afterClone(context) {
      const state = context as CaptureState;
      const capture = { element: state.element, clone: state.clone as Element, nodeMap: state.nodeMap };
      keepRootMargins(capture, own);
      keepBottomMargins(capture, own);
      for (const [copy, restyle] of own) {
        restyle();
        // Not the page's: snapdom would fetch and inline the original's backgrounds onto the copy.
        state.nodeMap.delete(copy);
      }
    },
  };

  const result = await snapdom(win.document.documentElement, {
    clip: area,
    // Yield to the page while it works: the visitor goes on with the form meanwhile.
    fast: false,
    plugins: [copies, noStyleFolding],
  });
  return result.toCanvas({
    dpr: 1,
    crop: cropFor(result.meta, area, request.region),
    width: request.width,
    height: request.height,
    backgroundColor: canvasColor(win),
  });
}
