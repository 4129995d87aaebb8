/**
 * The hotspot icons (spec §3 tooltip `icon`): a filled circle in the tooltip's colour with a white
 * glyph. Unknown names fall back to the info icon, so a hotspot always shows something.
 */

const glyphs: Record<string, string> = {
  info: '<rect x="11" y="10" width="2" height="7" rx="1"/><circle cx="12" cy="7.25" r="1.25"/>',
  question:
    '<path d="M9.6 9.3a2.5 2.5 0 1 1 3.6 2.3c-.7.4-1.2.9-1.2 1.7v.4" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="17" r="1.25"/>',
  alert: '<rect x="11" y="6.5" width="2" height="7.5" rx="1"/><circle cx="12" cy="17" r="1.25"/>',
  star: '<path d="m12 6.5 1.7 3.5 3.8.5-2.8 2.7.7 3.8-3.4-1.8-3.4 1.8.7-3.8-2.8-2.7 3.8-.5z"/>',
  bulb: '<circle cx="12" cy="10.2" r="4"/><rect x="10.1" y="14.4" width="3.8" height="1.6" rx=".7"/><rect x="10.6" y="16.6" width="2.8" height="1.4" rx=".7"/>',
  check:
    '<path d="m8 12.3 2.7 2.7L16.2 9.5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
};
const aliases: Record<string, string> = {
  help: "question",
  questionmark: "question",
  warning: "alert",
  exclamation: "alert",
  lightbulb: "bulb",
  idea: "bulb",
  sparkle: "star",
};

export function iconName(name: string): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  // Own keys only: "constructor" or "toString" must not reach the markup as a function's text.
  if (Object.hasOwn(glyphs, key)) return key;
  return Object.hasOwn(aliases, key) ? (aliases[key] ?? "info") : "info";
}

/** The icon's SVG markup: a constant of this file, never built from the config's text. */
export function hotspotIconSvg(name: string): string {
  return `<svg viewBox="0 0 24 24" width="17" height="17" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="currentColor"/><g fill="#fff">${glyphs[iconName(name)]}</g></svg>`;
}
