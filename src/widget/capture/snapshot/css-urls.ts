/**
 * CSS moved into a snapshot keeps pointing at what it pointed at: every relative `url(…)` (and
 * `@import "…"`) is resolved against the stylesheet it came from. Data URLs, absolute URLs and
 * fragment references (`url(#clip)`, used by SVG filters and masks) stay as they are.
 */
const cssUrl = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*?))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')/gi;
const keep = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

export function absolutizeCssUrls(css: string, base: string): string {
  if (!css.includes("url(") && !css.includes("@import")) return css;
  return css.replace(cssUrl, (whole, dq, sq, bare, importDq, importSq) => {
    const raw = (dq ?? sq ?? bare ?? importDq ?? importSq ?? "").trim();
    if (raw === "" || keep.test(raw)) return whole;
    let absolute: string;
    try {
      absolute = new URL(raw, base).href;
    } catch {
      return whole;
    }
    const quoted = JSON.stringify(absolute);
    return importDq !== undefined || importSq !== undefined ? `@import ${quoted}` : `url(${quoted})`;
  });
}
