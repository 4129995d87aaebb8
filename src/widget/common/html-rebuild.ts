/**
 * The walk both widget sanitizers (safe-html.ts for rich text, the notification's inline HTML) make
 * over HTML parsed in an inert document: text is copied, an element the sanitizer copies is appended
 * and walked into, any other element contributes its text only, and the `dropped` ones not even that.
 * Nesting deeper than 32 levels is cut off, so a hostile text cannot cost the page its stack.
 */

export interface RebuildRules {
  /** Upper-case tag names left out with everything they hold. */
  dropped: ReadonlySet<string>;
  /** The copy of an element (`name` upper-case) to append in its place, or null to keep only its text. */
  copy(element: Element, name: string, document: Document): Element | null;
}

const maxDepth = 32;

export function rebuildHtml(source: Node, target: Node, document: Document, rules: RebuildRules, depth = 0) {
  if (depth > maxDepth) return;
  for (const child of source.childNodes) {
    if (child.nodeType === 3) {
      target.appendChild(document.createTextNode(child.nodeValue ?? ""));
    } else if (child.nodeType === 1) {
      const element = child as Element;
      const name = element.tagName.toUpperCase();
      if (rules.dropped.has(name)) continue;
      const copy = rules.copy(element, name, document);
      if (copy) target.appendChild(copy);
      rebuildHtml(element, copy ?? target, document, rules, depth + 1);
    }
  }
}
