/**
 * The colour a page shows where none of its boxes paints: the root element's background, or when that
 * is transparent the body's, which the browser paints across the whole page (CSS Backgrounds 3 §2.11.2),
 * over the browser's white. In the capture's copy the root and body are ordinary boxes, so the picture
 * is filled with this colour first; else a body's colour stopped at its margins and a short page ended
 * in white.
 */

const white = { red: 255, green: 255, blue: 255 };

/** A computed `rgb()`/`rgba()` colour's channels and alpha, or null for anything else. */
export function parseColor(
  value: string,
): { red: number; green: number; blue: number; alpha: number } | null {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(
    value.trim(),
  );
  if (!match) return null;
  const alphaText = match[4];
  const alpha =
    alphaText === undefined
      ? 1
      : alphaText.endsWith("%")
        ? Number.parseFloat(alphaText) / 100
        : Number.parseFloat(alphaText);
  return { red: Number(match[1]), green: Number(match[2]), blue: Number(match[3]), alpha };
}

/** The colour laid over white, as an opaque `rgb()` (a JPEG has no transparency). */
export function overWhite(value: string): string {
  const color = parseColor(value);
  if (!color) return "#ffffff";
  const mix = (channel: number, base: number) => Math.round(channel * color.alpha + base * (1 - color.alpha));
  return `rgb(${mix(color.red, white.red)}, ${mix(color.green, white.green)}, ${mix(color.blue, white.blue)})`;
}

const isTransparent = (value: string) => (parseColor(value)?.alpha ?? 0) === 0;

export function canvasColor(win: Window): string {
  const doc = win.document;
  const root = win.getComputedStyle(doc.documentElement).backgroundColor;
  if (!isTransparent(root)) return overWhite(root);
  // Only an HTML document's <body> gives the page its background.
  const body = doc.body?.tagName === "BODY" ? win.getComputedStyle(doc.body).backgroundColor : "";
  return body && !isTransparent(body) ? overWhite(body) : "#ffffff";
}
