import type { ScreenshotData } from "../common/capture-data.ts";
import type { captureImage } from "./capture-image.ts";
import type { Shape } from "./drawing/editor-state.ts";
import { drawingMarkup } from "./drawing/svg-markup.ts";
import { takePageSnapshot } from "./snapshot/page-snapshot.ts";

/** How long the picture may take before the report goes without it. */
export const imageTimeoutMs = 10_000;

export const warn = (message: string, error?: unknown) => console.warn(`Gleap: ${message}`, error ?? "");

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface ScreenshotRequest {
  window: Window;
  /** The widget's own elements, left out of the copy and the picture. */
  exclude(element: Element): boolean;
  /** Where the page was scrolled when the editor opened. */
  position: { x: number; y: number };
  shapes: Shape[];
  makeImage: typeof captureImage;
}

/**
 * Screenshot mode's Next: the copy of the page is taken now, while it shows what the visitor drew
 * on, and its picture is made beside it. `screenshot` answers the copy with the picture, or without
 * it when the picture fails or takes longer than `imageTimeoutMs`; `image` is the picture alone.
 */
export function takeScreenshot(request: ScreenshotRequest) {
  const { window: win, exclude, shapes } = request;
  const { x, y } = request.position;
  const width = win.innerWidth;
  const height = win.innerHeight;
  const svg = shapes.length > 0 ? drawingMarkup(shapes, width, height) : null;
  const html = takePageSnapshot({
    window: win,
    exclude,
    drawing: svg ? { svg, x, y, width, height } : null,
    warn,
  });
  const image = request.makeImage({
    window: win,
    exclude,
    region: { x, y, width, height },
    drawingSvg: svg,
  });
  image.catch(() => undefined);
  const screenshot = (async (): Promise<ScreenshotData & { image?: string }> => {
    const data = await html;
    try {
      return { ...data, image: await withTimeout(image, imageTimeoutMs) };
    } catch (error) {
      warn("the capture's picture could not be made; the report goes without it", error);
      return data;
    }
  })();
  return { screenshot, image };
}
