import type { Page } from "@playwright/test";

/**
 * Compares a stored capture picture (a JPEG data URL) with a screenshot of the same viewport, decoded
 * and read in Chromium (no image library in the runner). A pixel differs when one of its channels is
 * more than `pixelTolerance` apart; the JPEG's own loss (quality 0.7, 4:2:0 chroma) stays under it but
 * at sharp edges, which `differingShare` and `meanDifference` allow for. Boxes in `ignore` (where the
 * drawing is, where masked elements are) are left out. It also finds where a colour is in the stored
 * picture (the drawn rectangle's stroke, a target of a colour of its own): the rows and columns holding
 * at least `minLine` pixels of it, so that stray pixels of JPEG ringing do not count; and how much of a
 * box is a colour (a masked element's grey).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Rgb {
  red: number;
  green: number;
  blue: number;
}

export interface PictureComparison {
  stored: { width: number; height: number };
  reference: { width: number; height: number };
  /** Mean of each compared pixel's largest channel difference (0–255). */
  meanDifference: number;
  /** Share of compared pixels whose largest channel difference is over the tolerance. */
  differingShare: number;
  /** Where each named colour is in the stored picture (null when nowhere). */
  found: Record<string, Box | null>;
  /** Share of each named box's pixels near the given colour. */
  cover: Record<string, number>;
  /** The stored picture as PNG and a map of the differing pixels (red; ignored ones green), to look at. */
  storedPng: string;
  diffPng: string;
}

export interface CompareOptions {
  pixelTolerance: number;
  /** How close a pixel must be to a colour to count as it, per channel. */
  colorTolerance: number;
  /** Pixels of a colour a row or column needs to count as holding it. */
  minLine: number;
  ignore: Box[];
  find: Record<string, Rgb>;
  cover: Record<string, { box: Box; color: Rgb }>;
}

export function hexColor(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return { red: (value >> 16) & 255, green: (value >> 8) & 255, blue: value & 255 };
}

/** The band a rectangle's stroke of `width` paints, grown by `margin` on both sides. */
export function strokeBand(box: Box, width: number, margin: number): Box[] {
  const reach = width / 2 + margin;
  const outer = {
    x: box.x - reach,
    y: box.y - reach,
    width: box.width + 2 * reach,
    height: box.height + 2 * reach,
  };
  return [
    { x: outer.x, y: outer.y, width: outer.width, height: 2 * reach },
    { x: outer.x, y: box.y + box.height - reach, width: outer.width, height: 2 * reach },
    { x: outer.x, y: outer.y, width: 2 * reach, height: outer.height },
    { x: box.x + box.width - reach, y: outer.y, width: 2 * reach, height: outer.height },
  ];
}

/** What the comparison page keeps between steps. */
interface Pictures {
  width: number;
  height: number;
  stored: Uint8ClampedArray;
  reference: Uint8ClampedArray;
  storedCanvas: HTMLCanvasElement;
  referenceSize: { width: number; height: number };
}

type WithPictures = Window & { pictures?: Pictures };

/** Decodes both pictures on a blank page, at the stored picture's size. */
async function load(page: Page, stored: string, reference: string) {
  await page.goto("about:blank");
  await page.evaluate(
    async ([storedUrl, referenceUrl]) => {
      const decode = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error(`not a picture: ${src.slice(0, 40)}`));
          image.src = src;
        });
      const [storedImage, referenceImage] = await Promise.all([decode(storedUrl), decode(referenceUrl)]);
      const width = storedImage.naturalWidth;
      const height = storedImage.naturalHeight;
      const read = (image: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext("2d") as CanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        return { canvas, data: context.getImageData(0, 0, width, height).data };
      };
      const storedPixels = read(storedImage);
      (window as WithPictures).pictures = {
        width,
        height,
        stored: storedPixels.data,
        reference: read(referenceImage).data,
        storedCanvas: storedPixels.canvas,
        referenceSize: { width: referenceImage.naturalWidth, height: referenceImage.naturalHeight },
      };
    },
    [stored, reference] as const,
  );
}

/** Mean difference and differing share outside the ignored boxes, and the map of differing pixels. */
function difference(page: Page, options: CompareOptions) {
  return page.evaluate(({ pixelTolerance, ignore }) => {
    const { width, height, stored, reference } = (window as WithPictures).pictures as Pictures;
    const ignored = new Uint8Array(width * height);
    for (const box of ignore)
      for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, Math.ceil(box.y + box.height)); y++)
        for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, Math.ceil(box.x + box.width)); x++)
          ignored[y * width + x] = 1;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const map = context.createImageData(width, height);
    let sum = 0;
    let compared = 0;
    let differing = 0;
    for (let index = 0; index < width * height; index++) {
      const at = index * 4;
      const apart = Math.max(
        Math.abs((stored[at] ?? 0) - (reference[at] ?? 0)),
        Math.abs((stored[at + 1] ?? 0) - (reference[at + 1] ?? 0)),
        Math.abs((stored[at + 2] ?? 0) - (reference[at + 2] ?? 0)),
      );
      const skip = ignored[index] === 1;
      if (!skip) {
        compared++;
        sum += apart;
        if (apart > pixelTolerance) differing++;
      }
      const dim = (value: number | undefined) => Math.round((value ?? 0) * 0.3);
      map.data[at] = !skip && apart > pixelTolerance ? 255 : dim(stored[at]);
      map.data[at + 1] = skip ? 160 : dim(stored[at + 1]);
      map.data[at + 2] = dim(stored[at + 2]);
      map.data[at + 3] = 255;
    }
    context.putImageData(map, 0, 0);
    return {
      meanDifference: compared > 0 ? sum / compared : 0,
      differingShare: compared > 0 ? differing / compared : 0,
      diffPng: canvas.toDataURL("image/png"),
    };
  }, options);
}

/** Where each colour is, and how much of each box is its colour, in the stored picture. */
function colors(page: Page, options: CompareOptions) {
  return page.evaluate(({ colorTolerance, minLine, find, cover }) => {
    const { width, height, stored } = (window as WithPictures).pictures as Pictures;
    const near = (at: number, color: Rgb) =>
      Math.abs((stored[at] ?? 0) - color.red) <= colorTolerance &&
      Math.abs((stored[at + 1] ?? 0) - color.green) <= colorTolerance &&
      Math.abs((stored[at + 2] ?? 0) - color.blue) <= colorTolerance;
    const found: Record<string, Box | null> = {};
    for (const [name, color] of Object.entries(find)) {
      const rows = new Uint32Array(height);
      const columns = new Uint32Array(width);
      for (let index = 0; index < width * height; index++) {
        if (!near(index * 4, color)) continue;
        const row = Math.floor(index / width);
        const column = index % width;
        rows[row] = (rows[row] ?? 0) + 1;
        columns[column] = (columns[column] ?? 0) + 1;
      }
      const span = (counts: Uint32Array) => {
        const full = [...counts.keys()].filter((index) => (counts[index] ?? 0) >= minLine);
        return full.length > 0 ? { from: full[0] as number, to: full[full.length - 1] as number } : null;
      };
      const across = span(columns);
      const down = span(rows);
      found[name] =
        across && down
          ? {
              x: across.from,
              y: down.from,
              width: across.to - across.from + 1,
              height: down.to - down.from + 1,
            }
          : null;
    }
    const shares: Record<string, number> = {};
    for (const [name, { box, color }] of Object.entries(cover)) {
      let inside = 0;
      let matching = 0;
      for (let y = Math.max(0, Math.ceil(box.y)); y < Math.min(height, Math.floor(box.y + box.height)); y++)
        for (let x = Math.max(0, Math.ceil(box.x)); x < Math.min(width, Math.floor(box.x + box.width)); x++) {
          inside++;
          if (near((y * width + x) * 4, color)) matching++;
        }
      shares[name] = inside > 0 ? matching / inside : 0;
    }
    return { found, cover: shares };
  }, options);
}

export async function comparePictures(
  page: Page,
  storedDataUrl: string,
  referencePng: Buffer,
  options: CompareOptions,
): Promise<PictureComparison> {
  await load(page, storedDataUrl, `data:image/png;base64,${referencePng.toString("base64")}`);
  const sizes = await page.evaluate(() => {
    const pictures = (window as WithPictures).pictures as Pictures;
    return {
      stored: { width: pictures.width, height: pictures.height },
      reference: pictures.referenceSize,
      storedPng: pictures.storedCanvas.toDataURL("image/png"),
    };
  });
  return { ...sizes, ...(await difference(page, options)), ...(await colors(page, options)) };
}
