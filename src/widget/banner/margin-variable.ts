/**
 * `--gleap-margin-top`: the banner's height, set on `<html>` for host pages that move their own fixed
 * headers with `var(--gleap-margin-top)`, as the reference SDK sets it. Every element inherits a
 * custom property set on the root, so setting it restyles the whole page: 100–190 ms at 4× CPU on a
 * 3,000-element page, against 3 ms for the `padding-top` that moves the page itself
 * (bench/host-impact.ts). So it is set only where the page may read it: a stylesheet or inline style
 * that names it, or one this page cannot read (another origin's stylesheet, a closed shadow root of a
 * custom element), which may.
 */
export const marginVariable = "--gleap-margin-top";

/** The CSSOM's rule type of `@import` (`CSSRule.IMPORT_RULE`), checked by number across windows. */
const importRule = 3;

/** Whether `sheet` names the variable, or cannot be read and so might. */
function sheetMayName(sheet: CSSStyleSheet, seen: Set<CSSStyleSheet>): boolean {
  if (seen.has(sheet)) return false;
  seen.add(sheet);
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    // Another origin's stylesheet, served without CORS: its text is not ours to read.
    return true;
  }
  for (const rule of Array.from(rules)) {
    if (rule.type === importRule) {
      const imported = (rule as CSSImportRule).styleSheet;
      if (!imported || sheetMayName(imported, seen)) return true;
    } else if (rule.cssText.includes(marginVariable)) return true;
  }
  return false;
}

/** Our own elements: the widget's root, the banner's, the checklist's (`gleap-…`). */
const isOurs = (element: Element, localName: string) =>
  localName.startsWith("gleap-") || element.id.startsWith("gleap-");

/**
 * Whether the page may read `--gleap-margin-top`: one of its stylesheets (its own, imported, adopted,
 * or an open shadow root's) or an element's inline style names it, or one of them cannot be read. A
 * custom element of the page counts as unreadable: its shadow root may be closed and style itself
 * with the variable.
 */
export function pageMayReadMarginVariable(doc: Document): boolean {
  if (doc.querySelector(`[style*="${marginVariable}"]`)) return true;
  const seen = new Set<CSSStyleSheet>();
  const mayName = (sheet: CSSStyleSheet) => sheetMayName(sheet, seen);
  // The page itself and each open shadow root: their own sheets and those they adopted.
  const scopeMayName = (scope: DocumentOrShadowRoot) =>
    Array.from(scope.styleSheets ?? []).some(mayName) || (scope.adoptedStyleSheets ?? []).some(mayName);
  if (scopeMayName(doc)) return true;
  // The live collection walked by index, each property read once and `id` only where it decides:
  // `querySelectorAll` copied with `Array.from` made the whole check slower on a 3,000-element page
  // (median 25 against 16–19 ms at 4× CPU, 12 fresh pages each).
  const elements = doc.getElementsByTagName("*");
  for (let index = 0; index < elements.length; index++) {
    const element = elements[index] as Element;
    const localName = element.localName;
    if (localName.includes("-")) {
      if (!isOurs(element, localName)) return true;
      continue;
    }
    const shadowRoot = element.shadowRoot;
    if (shadowRoot && !isOurs(element, localName) && scopeMayName(shadowRoot)) return true;
  }
  return false;
}
