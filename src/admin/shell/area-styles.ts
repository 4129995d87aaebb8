/**
 * The area's stylesheet, adopted through the CSSOM when its first screen loads. Bun bundles a CSS file
 * imported by any chunk into the entry's stylesheet, which the sign-in route downloads (100 KB budget);
 * a text import stays in this lazy chunk, and an adopted sheet is not governed by the admin's
 * `style-src 'self'`. Dark mode comes along: the sheet uses the shell's colour variables.
 */
const adopted = new Set<string>();

export function adoptStyles(css: string): void {
  if (adopted.has(css) || typeof document === "undefined") return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
