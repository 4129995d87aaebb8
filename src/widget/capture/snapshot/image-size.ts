/**
 * Sizes and encodings of the pictures inlined into a snapshot (spec §9: images at most 500×500,
 * canvases at most 1400×1400, JPEG at quality 0.7).
 */

export const imageLimits = { image: 500, canvas: 1400, jpegQuality: 0.7 } as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * The largest size within `maxWidth`×`maxHeight` with the picture's aspect ratio, never larger than
 * the picture itself, in whole pixels (at least 1).
 */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The type a picture is encoded in: JPEG for photos (a JPEG source), PNG for everything else, whose
 * transparency a JPEG would lose (the reference's rule).
 */
export function encodingFor(source: string): { type: "image/jpeg" | "image/png"; quality?: number } {
  const jpeg = /^data:image\/jpe?g[;,]/i.test(source) || /\.(jpe?g|jfif)(?=$|[?#])/i.test(source);
  return jpeg ? { type: "image/jpeg", quality: imageLimits.jpegQuality } : { type: "image/png" };
}

/**
 * Whether a picture from `source` can be read back from a canvas on a page at `pageOrigin`: same
 * origin, data and blob URLs can; another origin only when the element asked for CORS.
 */
export function readableSource(source: string, pageOrigin: string, crossOrigin: string | null): boolean {
  if (/^(data|blob):/i.test(source)) return true;
  try {
    return new URL(source, pageOrigin).origin === pageOrigin || crossOrigin !== null;
  } catch {
    return false;
  }
}
