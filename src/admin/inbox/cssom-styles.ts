/**
 * The snapshot and replay frames are `srcdoc`/`about:blank` documents, which inherit the admin's own
 * policy (`style-src 'self'`), so the reported page's `<style>` elements and `style` attributes are
 * refused there. Styles set through the CSSOM are not governed by `style-src`: the admin (same origin
 * as the frame, which runs no script itself) hands each refused style to the CSSOM instead. The admin's
 * policy stays as strict as it is, and the frames still run nothing.
 */

type Root = Document | ShadowRoot;

/** One constructed sheet per `<style>` text, so a replay's repeated rebuilds reuse them. */
const sheets = new WeakMap<Window, Map<string, CSSStyleSheet>>();

function sheetFor(win: Window & typeof globalThis, css: string): CSSStyleSheet | null {
  let cache = sheets.get(win);
  if (!cache) {
    cache = new Map();
    sheets.set(win, cache);
  }
  let sheet = cache.get(css);
  if (!sheet) {
    try {
      // The frame's own constructor: a sheet may only be adopted by the document that made it.
      sheet = new win.CSSStyleSheet();
      sheet.replaceSync(css);
    } catch {
      return null;
    }
    cache.set(css, sheet);
  }
  return sheet;
}

/** The root's `<style>` texts, in document order, as its adopted sheets. */
function adoptStyleElements(root: Root, win: Window & typeof globalThis) {
  const adopted: CSSStyleSheet[] = [];
  for (const style of Array.from(root.querySelectorAll("style"))) {
    // A sheet the browser did apply (a frame without the inherited policy) needs no copy.
    if (style.sheet) continue;
    const sheet = sheetFor(win, style.textContent ?? "");
    if (sheet) adopted.push(sheet);
  }
  root.adoptedStyleSheets = adopted;
}

/** A refused `style` attribute, set again through the CSSOM (which leaves the same attribute behind). */
function applyStyleAttribute(element: Element) {
  const styled = element as HTMLElement | SVGElement;
  const wanted = element.getAttribute("style");
  if (wanted === null || !styled.style || styled.style.cssText === wanted) return;
  if (styled.style.cssText !== "") return;
  styled.style.cssText = wanted;
}

function applyAll(root: Root, win: Window & typeof globalThis) {
  adoptStyleElements(root, win);
  for (const element of Array.from(root.querySelectorAll("[style]"))) applyStyleAttribute(element);
  for (const element of Array.from(root.querySelectorAll("*"))) {
    if (element.shadowRoot) applyAll(element.shadowRoot, win);
  }
}

/**
 * Applies the frame's refused styles now and, while `live`, whenever the document changes (the replay
 * adds and changes nodes as it plays). Answers the function that stops watching.
 */
export function bridgeInlineStyles(doc: Document, live = false): () => void {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win) return () => {};
  applyAll(doc, win);
  if (!live) return () => {};
  let queued = false;
  const observer = new win.MutationObserver((mutations) => {
    let stylesChanged = false;
    for (const mutation of mutations) {
      if (mutation.type === "attributes") applyStyleAttribute(mutation.target as Element);
      else if (mutation.type === "characterData")
        stylesChanged ||= mutation.target.parentNode?.nodeName === "STYLE";
      else {
        stylesChanged = true;
        for (const node of Array.from(mutation.addedNodes)) {
          if (node.nodeType !== 1) continue;
          const element = node as Element;
          applyStyleAttribute(element);
          for (const inner of Array.from(element.querySelectorAll("[style]"))) applyStyleAttribute(inner);
        }
      }
    }
    // Sheets are gathered once per burst of changes (a replay frame adds hundreds of nodes at once).
    if (stylesChanged && !queued) {
      queued = true;
      win.requestAnimationFrame(() => {
        queued = false;
        if (doc.defaultView) applyAll(doc, win);
      });
    }
  });
  observer.observe(doc, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["style"],
  });
  return () => observer.disconnect();
}
