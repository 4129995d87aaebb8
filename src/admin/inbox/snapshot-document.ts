import createDOMPurify, { type Config, type DOMPurify } from "dompurify";
import type { ExternalResources } from "./external-resources.ts";
import { elementTarget, rewriteResourceAttributes } from "./resource-attributes.ts";

/**
 * The screenshot snapshot as the `srcdoc` of its viewer frame. The HTML is the reported page's, so it
 * is treated as hostile; three locks, each enough on its own against scripts:
 *
 * 1. the frame's `sandbox` has no `allow-scripts` (snapshot-viewer.tsx);
 * 2. two policies: the capture frame's own (capture-frame.ts) and one the first thing in `<head>`:
 *    nothing may run, and nothing may load but inline styles and pictures, media and fonts from `data:`,
 *    `blob:` and our own origins (any web address once the admin chose to load external content;
 *    external-resources.ts);
 * 3. DOMPurify, on the browser's own HTML parser, keeps only markup a page picture needs: no scripts,
 *    handlers, `javascript:` addresses, frames, plugins, `<link>`, `<meta>` or `<base>`. It is built
 *    for what a hand-written list misses: markup that parses one way when cleaned and another way when
 *    the frame parses the cleaned text again (mutation XSS: `<math><mtext><table><mglyph><style>…`,
 *    namespace confusion, raw-text elements); the corpus is e2e/snapshot-cleaner.e2e.ts, in Chromium.
 *
 * Then every address the page would fetch is replaced unless it is ours or the admin allowed external
 * content (resource-attributes.ts), in attributes, inline styles and `<style>` sheets alike, inside
 * declarative shadow roots too.
 */

/**
 * A page needs its styles, SVG (the visitor's drawings are SVG), form fields with their (masked)
 * values, custom elements and their declarative shadow roots (`<template shadowrootmode>`, which the
 * frame attaches when it parses the document), and the scroll marks the widget writes.
 */
const snapshotPurifyOptions: Config = {
  WHOLE_DOCUMENT: true,
  ADD_ATTR: ["shadowrootmode", "bb-scrollpos", "bb-scrolltop", "bb-scrollleft"],
  FORBID_TAGS: ["base", "link", "meta", "noscript"],
  CUSTOM_ELEMENT_HANDLING: {
    tagNameCheck: /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/,
    // Attributes of a custom element bypass the allow-list: never a handler, never an odd name.
    attributeNameCheck: (name: string) => !/^on/i.test(name) && /^[a-z][a-z0-9_.:-]*$/i.test(name),
    allowCustomizedBuiltInElements: false,
  },
};

/**
 * Its own instances, one per window: the conversations' instance carries the rich-text address hook
 * (rich-text-purify.ts), which would strip a page's `data:image/svg+xml` pictures and fonts.
 */
const purifiers = new WeakMap<Window, DOMPurify>();
const purify = (realm: Window) => {
  let purifier = purifiers.get(realm);
  if (!purifier) {
    purifier = createDOMPurify(realm as Window & typeof globalThis);
    purifiers.set(realm, purifier);
  }
  return purifier;
};

function rewriteResources(root: ParentNode, resources: ExternalResources) {
  for (const element of Array.from(root.querySelectorAll("*"))) {
    rewriteResourceAttributes(elementTarget(element), resources);
    if (element.localName === "style") {
      const css = element.textContent ?? "";
      const rewritten = resources.css(css);
      if (rewritten !== css) element.textContent = rewritten;
    }
    // Declarative shadow roots are templates until the frame parses them: their content too.
    if (element.localName === "template")
      rewriteResources((element as HTMLTemplateElement).content, resources);
  }
}

/**
 * `realm` is the window the markup is parsed in: the admin's hidden capture frame (capture-frame.ts),
 * whose policy lets the page's styles and `<base>` be parsed without a refusal in the console; the
 * admin's own window works the same, only noisier.
 */
export function snapshotDocument(html: string, resources: ExternalResources, realm: Window = window): string {
  const clean = purify(realm).sanitize(html, snapshotPurifyOptions) as unknown as string;
  const parser = new (realm as Window & typeof globalThis).DOMParser();
  // The cleaned text parses to what DOMPurify left, in a document with no browsing context: nothing in
  // it loads while its addresses are rewritten (DOMPurify's own DOM would be returned into the admin's
  // document whenever declarative shadow roots are allowed, and a picture there starts loading).
  const doc = parser.parseFromString(clean, "text/html");
  rewriteResources(doc, resources);
  const meta = doc.createElement("meta");
  meta.setAttribute("http-equiv", "Content-Security-Policy");
  meta.setAttribute("content", resources.framePolicy);
  doc.head.insertBefore(meta, doc.head.firstChild);
  // Standards mode, as the page was written in (a missing doctype would turn on quirks).
  return `<!DOCTYPE html>${doc.documentElement.outerHTML}`;
}
