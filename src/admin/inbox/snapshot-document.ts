/**
 * The screenshot snapshot as the `srcdoc` of its viewer frame. The HTML is the reported page's, so it
 * is treated as hostile; three locks, each enough on its own against scripts:
 *
 * 1. the frame's `sandbox` has no `allow-scripts` (snapshot-viewer.tsx);
 * 2. this policy, the first thing in `<head>`: nothing may load but inline styles and `data:`/`blob:`
 *    pictures and fonts, so no request reaches the reported site (or a marker URL) either;
 * 3. scripts, event handler attributes, `javascript:` URLs, frames, plugins, `<link>`s and
 *    `<meta http-equiv>` (a refresh, a weaker policy) are removed here before the frame sees it.
 *
 * The HTML is parsed with DOMParser, whose document has no browsing context: nothing in it runs or
 * loads while it is cleaned, and the policy lands inside the real `<head>` however the markup is
 * written (a `<head>` in a comment cannot trick a text search into placing it).
 */
export const snapshotPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:";

const removedElements =
  "script, noscript, iframe, frame, frameset, object, embed, applet, link, meta[http-equiv], portal";

function clean(root: ParentNode) {
  for (const element of Array.from(root.querySelectorAll(removedElements))) element.remove();
  for (const element of Array.from(root.querySelectorAll("*"))) {
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      const value = element.getAttribute(name) ?? "";
      if (lower.startsWith("on") || /^\s*(javascript|vbscript):/i.test(value)) element.removeAttribute(name);
    }
    // Declarative shadow roots are templates until the frame parses them: clean their content too.
    if (element.tagName === "TEMPLATE") clean((element as HTMLTemplateElement).content);
  }
}

export function snapshotDocument(html: string, parser: DOMParser = new DOMParser()): string {
  const doc = parser.parseFromString(html, "text/html");
  clean(doc);
  const meta = doc.createElement("meta");
  meta.setAttribute("http-equiv", "Content-Security-Policy");
  meta.setAttribute("content", snapshotPolicy);
  doc.head.insertBefore(meta, doc.head.firstChild);
  // Standards mode, as the page was written in (a missing doctype would turn on quirks).
  return `<!DOCTYPE html>${doc.documentElement.outerHTML}`;
}
