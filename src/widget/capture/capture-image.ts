import type { Region } from "./picture/page-area.ts";
import { drawPagePicture } from "./picture/page-picture.ts";

/**
 * The capture as a picture: the part of the page the visitor drew on, rendered by snapdom
 * (`@zumer/snapdom`, loaded only now), with the drawings painted over it. It goes into the report as
 * `screenshotData.image` (the admin's thumbnail) and to the messenger as the capture field's preview.
 * A JPEG of at most 1280 px across, re-encoded smaller until it fits `maxChars`.
 */

export type { Region };

export interface CaptureImageOptions {
  window: Window;
  /** Elements that are not the page's (the widget's own root). */
  exclude: (element: Element) => boolean;
  /** The page region, in document coordinates (the scroll position and the viewport's size). */
  region: Region;
  /** The drawings' SVG markup, sized to the viewport (drawingMarkup), or null. */
  drawingSvg: string | null;
  maxWidth?: number;
  maxChars?: number;
}

export const imageDefaults = { maxWidth: 1280, maxChars: 900_000, quality: 0.7 } as const;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("the drawing could not be painted"));
    image.src = src;
  });
}

/** The drawing layer (sized markup, see drawing/svg-markup.ts), painted over the page's picture at its scale. */
async function paintDrawing(canvas: HTMLCanvasElement, svg: string) {
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  canvas.getContext("2d")?.drawImage(image, 0, 0, canvas.width, canvas.height);
}

/** JPEG within `maxChars`: lower quality first, then a smaller picture. */
export function encodeWithin(canvas: HTMLCanvasElement, maxChars: number, doc: Document): string {
  let source = canvas;
  for (let attempt = 0; attempt < 6; attempt++) {
    const quality = attempt === 0 ? imageDefaults.quality : 0.55;
    const url = source.toDataURL("image/jpeg", quality);
    if (url.length <= maxChars) return url;
    if (attempt === 0) continue;
    const smaller = doc.createElement("canvas");
    smaller.width = Math.max(1, Math.round(source.width * 0.75));
    smaller.height = Math.max(1, Math.round(source.height * 0.75));
    smaller.getContext("2d")?.drawImage(source, 0, 0, smaller.width, smaller.height);
    source = smaller;
  }
  throw new Error("the capture's picture is too large");
}

export async function captureImage(options: CaptureImageOptions): Promise<string> {
  const { snapdom } = await import("@zumer/snapdom");
  const { region } = options;
  const maxWidth = options.maxWidth ?? imageDefaults.maxWidth;
  const scale = Math.min(1, maxWidth / Math.max(1, region.width));
  const canvas = await drawPagePicture(snapdom, {
    window: options.window,
    region,
    exclude: options.exclude,
    width: Math.max(1, Math.round(region.width * scale)),
    height: Math.max(1, Math.round(region.height * scale)),
  });
  if (options.drawingSvg) await paintDrawing(canvas, options.drawingSvg);
  return encodeWithin(canvas, options.maxChars ?? imageDefaults.maxChars, options.window.document);
}

/** A smaller copy for the messenger's capture field (a thumbnail, cheap to post to the frame). */
export async function thumbnail(dataUrl: string, doc: Document, maxWidth = 480): Promise<string> {
  const image = await loadImage(dataUrl);
  const scale = Math.min(1, maxWidth / Math.max(1, image.naturalWidth));
  const canvas = doc.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  canvas.getContext("2d")?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", imageDefaults.quality);
}
