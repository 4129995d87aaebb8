import type { ScreenshotData } from "../../common/capture-data.ts";
import { isMobile } from "../../common/report/session-metadata.ts";
import { absolutizeCssUrls } from "./css-urls.ts";
import { encodingFor, fitWithin, imageLimits, readableSource } from "./image-size.ts";
import { isBlocked, masksText, masksValue, maskText, maskValue } from "./masking.ts";
import { createPictureWorker, type PictureWorker } from "./picture-worker.ts";

/**
 * The report's `screenshotData` (spec §3): the page serialised as one HTML document that shows what
 * the visitor saw, without running anything. Two steps:
 *
 * 1. At once, in one task: the DOM is copied into an inert document (no script runs, no picture
 *    loads), scripts removed, form values written into attributes (private ones as asterisks, by the
 *    rule every capture path shares, src/shared/privacy/private-elements.ts), `gl-block` elements
 *    replaced by empty placeholders of their size, open shadow roots kept as declarative shadow DOM,
 *    stylesheets replaced by their rules (so CSS-in-JS survives; printed stylesheets left out), a
 *    `<base>` added, and the visitor's drawings placed over the viewport they were drawn on.
 * 2. Then, in a worker (picture-worker.ts): pictures are fetched from the browser's cache, resized to
 *    500×500 and inlined as data URLs within a byte budget; canvases (1400×1400) are read by the page.
 *    A picture that cannot be read (another origin) keeps its absolute URL; one that fails to resize
 *    warns and keeps it too (spec §8).
 */

export interface Drawing {
  /** The drawing layer's SVG markup, in viewport coordinates. */
  svg: string;
  /** The scroll position it was drawn at, and the viewport's size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Reads a decoded picture or a canvas back, resized, as a data URL. */
export type PictureReader = (
  source: HTMLImageElement | HTMLCanvasElement,
  size: { width: number; height: number },
  encoding: { type: string; quality?: number },
) => Promise<string>;

export interface SnapshotOptions {
  window?: Window;
  /** Elements that are not the page's (the widget's own root). */
  exclude?: (element: Element) => boolean;
  drawing?: Drawing | null;
  readPicture?: PictureReader;
  /** The most bytes of inlined pictures; later ones keep their URLs. */
  pictureBudget?: number;
  /** Warnings (a resize that failed), through the SDK's channel. */
  warn?: (message: string, error?: unknown) => void;
}

export const defaultPictureBudget = 8 * 1024 * 1024;

const skippedTags = new Set(["SCRIPT", "NOSCRIPT"]);
const sizedTags = new Set(["IFRAME", "VIDEO", "EMBED", "OBJECT"]);
const urlAttributes = ["src", "href", "poster"];

interface PictureJob {
  /** The element in the copy whose picture is replaced. */
  target: Element;
  kind: "image" | "canvas";
  key: string;
  read: () => Promise<string>;
}

interface CopyState {
  doc: Document;
  win: Window;
  exclude: (element: Element) => boolean;
  pictures: PictureJob[];
  /** Style and link elements of the page → their copies, for the stylesheet pass. */
  styleCopies: Map<Node, Element>;
  readPicture: PictureReader;
  pageOrigin: string;
}

const rounded = (value: number) => Math.round(value);

function dropUnsafeAttributes(copy: Element) {
  for (const name of copy.getAttributeNames()) {
    const lower = name.toLowerCase();
    if (lower.startsWith("on")) copy.removeAttribute(name);
    else if (urlAttributes.includes(lower) && /^\s*javascript:/i.test(copy.getAttribute(name) ?? ""))
      copy.removeAttribute(name);
  }
}

function copyFieldValue(source: Element, copy: Element, masked: boolean) {
  if (source instanceof HTMLInputElement) {
    const type = source.type.toLowerCase();
    if (type === "checkbox" || type === "radio") {
      if (source.checked) copy.setAttribute("checked", "");
      else copy.removeAttribute("checked");
      return;
    }
    if (type === "file") return;
    const value = masksValue(source, masked) ? maskValue(source.value) : source.value;
    copy.setAttribute("value", value);
  } else if (source instanceof HTMLTextAreaElement) {
    copy.textContent = masksValue(source, masked) ? maskValue(source.value) : source.value;
  } else if (source instanceof HTMLOptionElement) {
    // Which option a visitor chose in a private select is its value.
    const select = source.parentElement?.closest("select");
    if (source.selected && !(select && masksValue(select, masked))) copy.setAttribute("selected", "");
    else copy.removeAttribute("selected");
  }
}

/** What a `gl-block` placeholder keeps of the element: what lays it out, nothing it holds or points to. */
const placeholderAttributes = new Set(["id", "class", "style"]);

/** A `gl-block` element: the same tag and box, none of its attributes' values, no content. */
function placeholder(source: Element, copy: Element): Element {
  for (const name of copy.getAttributeNames())
    if (!placeholderAttributes.has(name.toLowerCase())) copy.removeAttribute(name);
  pinBox(source, copy);
  return copy;
}

function pinBox(source: Element, copy: Element) {
  const rect = source.getBoundingClientRect();
  if (rect.width <= 0 && rect.height <= 0) return;
  // Through the CSSOM: a host whose CSP has no 'unsafe-inline' refuses a `style` attribute being set.
  const box = (copy as HTMLElement).style;
  if (!box) return;
  box.setProperty("width", `${rounded(rect.width)}px`);
  box.setProperty("height", `${rounded(rect.height)}px`);
}

/** Starts reading a picture; a reader that throws at once (no createImageBitmap) fails like one that rejects. */
function startReading(state: CopyState, ...args: Parameters<PictureReader>): Promise<string> {
  let reading: Promise<string>;
  try {
    reading = state.readPicture(...args);
  } catch (error) {
    reading = Promise.reject(error);
  }
  reading.catch(() => undefined);
  return reading;
}

function queueImage(source: HTMLImageElement, copy: Element, state: CopyState) {
  const url = source.currentSrc || source.src;
  if (url) copy.setAttribute("src", url);
  // The picture the browser chose is the one inlined: the alternatives would win over it.
  copy.removeAttribute("srcset");
  copy.removeAttribute("sizes");
  copy.removeAttribute("loading");
  if (!copy.hasAttribute("width") && !copy.hasAttribute("height")) {
    const rect = source.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) {
      copy.setAttribute("width", String(rounded(rect.width)));
      copy.setAttribute("height", String(rounded(rect.height)));
    }
  }
  if (!url || !source.complete || source.naturalWidth === 0) return;
  if (!readableSource(url, state.pageOrigin, source.getAttribute("crossorigin"))) return;
  const size = fitWithin(source.naturalWidth, source.naturalHeight, imageLimits.image, imageLimits.image);
  const encoding = encodingFor(url);
  // Started now: what is read is the picture as it is at this instant.
  const reading = startReading(state, source, size, encoding);
  state.pictures.push({
    target: copy,
    kind: "image",
    key: `${url} ${size.width}x${size.height}`,
    read: () => reading,
  });
}

function queueCanvas(source: HTMLCanvasElement, copy: Element, state: CopyState) {
  const rect = source.getBoundingClientRect();
  const size = fitWithin(source.width, source.height, imageLimits.canvas, imageLimits.canvas);
  if (size.width === 0) return;
  copy.setAttribute("width", String(rounded(rect.width) || source.width));
  copy.setAttribute("height", String(rounded(rect.height) || source.height));
  const reading = startReading(state, source, size, { type: "image/png" });
  state.pictures.push({ target: copy, kind: "canvas", key: "", read: () => reading });
}

function copyChildren(from: Node, into: Node, state: CopyState, masked: boolean) {
  for (let child = from.firstChild; child; child = child.nextSibling) {
    const copied = copyNode(child, state, masked);
    if (copied) into.appendChild(copied);
  }
}

/** One node of the page, copied into the inert document with what the page shows now. */
function copyNode(node: Node, state: CopyState, masked: boolean): Node | null {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.nodeValue ?? "";
    return state.doc.createTextNode(masked ? maskText(text) : text);
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (skippedTags.has(element.tagName) || state.exclude(element)) return null;
  if (
    element.tagName === "LINK" &&
    /\b(preload|modulepreload|prefetch)\b/i.test(element.getAttribute("rel") ?? "")
  )
    return null;
  if (
    element.tagName === "META" &&
    /refresh|content-security-policy/i.test(element.getAttribute("http-equiv") ?? "")
  )
    return null;
  // A <source> of a <picture> would be chosen over the inlined picture.
  if (element.tagName === "SOURCE" && element.parentElement?.tagName === "PICTURE") return null;

  const copy = state.doc.importNode(element, false) as Element;
  dropUnsafeAttributes(copy);
  if (isBlocked(element)) return placeholder(element, copy);
  // Walked from the top, so whether an ancestor masks text is known: only the element itself is asked.
  const maskedHere = masked || masksText(element, masked);
  copyFieldValue(element, copy, maskedHere);

  if (element instanceof HTMLImageElement) queueImage(element, copy, state);
  else if (element instanceof HTMLCanvasElement) queueCanvas(element, copy, state);
  else if (sizedTags.has(element.tagName)) pinBox(element, copy);

  if (element.scrollTop > 0 || element.scrollLeft > 0) {
    // The reference's attributes, which its viewer scrolls by.
    copy.setAttribute("bb-scrollpos", "true");
    copy.setAttribute("bb-scrolltop", String(element.scrollTop));
    copy.setAttribute("bb-scrollleft", String(element.scrollLeft));
  }
  if (element.tagName === "STYLE" || element.tagName === "LINK") state.styleCopies.set(element, copy);

  const shadow = element.shadowRoot;
  if (shadow && !state.exclude(element)) {
    // Declarative shadow DOM: the snapshot's parser attaches it again.
    const template = state.doc.createElement("template");
    template.setAttribute("shadowrootmode", shadow.mode);
    copyChildren(shadow, template.content, state, maskedHere);
    const adopted = adoptedCss(shadow.adoptedStyleSheets, state.win);
    if (adopted) {
      const style = state.doc.createElement("style");
      style.textContent = adopted;
      template.content.appendChild(style);
    }
    copy.appendChild(template);
  }
  // A textarea's text is its value, written above.
  if (element.tagName !== "TEXTAREA") copyChildren(element, copy, state, maskedHere);
  return copy;
}

function sheetText(sheet: CSSStyleSheet): string | null {
  try {
    const rules = sheet.cssRules;
    let text = "";
    for (let index = 0; index < rules.length; index++) text += `${(rules[index] as CSSRule).cssText}\n`;
    return text;
  } catch {
    // Another origin's stylesheet without CORS: its rules cannot be read, its link stays.
    return null;
  }
}

function adoptedCss(sheets: readonly CSSStyleSheet[] | undefined, win: Window): string {
  if (!sheets || sheets.length === 0) return "";
  return sheets.map((sheet) => absolutizeCssUrls(sheetText(sheet) ?? "", win.document.baseURI)).join("\n");
}

const printOnly = (media: string | null | undefined) => (media ?? "").trim().toLowerCase() === "print";

/** Stylesheets as rules: relative URLs made absolute, printed ones left out, links inlined when readable. */
function copyStylesheets(state: CopyState) {
  const { win, doc } = state;
  for (const [owner, copy] of state.styleCopies) {
    const element = owner as HTMLStyleElement | HTMLLinkElement;
    if (element.tagName === "LINK" && !/\bstylesheet\b/i.test(element.getAttribute("rel") ?? "")) continue;
    const sheet = element.sheet as CSSStyleSheet | null;
    if (printOnly(element.getAttribute("media") ?? sheet?.media?.mediaText)) {
      copy.remove();
      continue;
    }
    if (!sheet) continue;
    const text = sheetText(sheet);
    const base = sheet.href ?? win.document.baseURI;
    if (text === null) {
      if (sheet.href) copy.setAttribute("href", sheet.href);
      continue;
    }
    const css = absolutizeCssUrls(text, base);
    if (copy.tagName === "STYLE") {
      copy.textContent = css;
    } else {
      const style = doc.createElement("style");
      const media = copy.getAttribute("media");
      if (media) style.setAttribute("media", media);
      style.textContent = css;
      copy.replaceWith(style);
    }
  }
}

/** `<base>`: the page's base address, so every relative URL in the copy resolves as it did. */
function setBase(html: Element, state: CopyState) {
  for (const base of Array.from(html.querySelectorAll("base"))) base.remove();
  let head = html.querySelector("head");
  if (!head) {
    head = state.doc.createElement("head");
    html.insertBefore(head, html.firstChild);
  }
  const base = state.doc.createElement("base");
  base.setAttribute("href", state.win.document.baseURI);
  head.insertBefore(base, head.firstChild);
  const adopted = adoptedCss(state.win.document.adoptedStyleSheets, state.win);
  if (adopted) {
    const style = state.doc.createElement("style");
    style.textContent = adopted;
    head.appendChild(style);
  }
}

/**
 * The drawings over the part of the page they were drawn on. Placed in document coordinates, so the
 * snapshot shows them in place however it is scrolled; a positioned body is the containing block.
 */
function placeDrawing(html: Element, drawing: Drawing, state: CopyState) {
  const body = html.querySelector("body") ?? html;
  let left = drawing.x;
  let top = drawing.y;
  const liveBody = state.win.document.body;
  if (liveBody && state.win.getComputedStyle(liveBody).position !== "static") {
    const rect = liveBody.getBoundingClientRect();
    left -= rect.left + state.win.scrollX + liveBody.clientLeft;
    top -= rect.top + state.win.scrollY + liveBody.clientTop;
  }
  const layer = state.doc.createElement("div");
  layer.setAttribute("class", "gl-capture-drawings");
  layer.style.cssText =
    `position:absolute;left:${rounded(left)}px;top:${rounded(top)}px;width:${rounded(drawing.width)}px;` +
    `height:${rounded(drawing.height)}px;z-index:2147483647;pointer-events:none;margin:0;padding:0;border:0`;
  layer.innerHTML = drawing.svg;
  body.appendChild(layer);
}

function doctypeOf(doc: Document): string {
  const type = doc.doctype;
  if (!type) return "";
  return `<!DOCTYPE ${type.name}${type.publicId ? ` PUBLIC "${type.publicId}"` : ""}${
    !type.publicId && type.systemId ? " SYSTEM" : ""
  }${type.systemId ? ` "${type.systemId}"` : ""}>`;
}

/** Inlines what was read, in page order, until the budget is spent. */
async function inlinePictures(state: CopyState, budget: number, warn: SnapshotOptions["warn"]) {
  const settled = await Promise.allSettled(state.pictures.map((job) => job.read()));
  let spent = 0;
  let warned = false;
  const inlined = new Map<string, string>();
  settled.forEach((result, index) => {
    const job = state.pictures[index] as PictureJob;
    if (result.status === "rejected") {
      if (!warned)
        warn?.(
          job.kind === "canvas" ? "Failed to clone canvas data." : "Image resize failed.",
          result.reason,
        );
      warned = true;
      return;
    }
    const url = result.value;
    // The same picture twice costs its bytes once in the budget (it is repeated in the HTML though).
    const seen = job.key !== "" && inlined.has(job.key);
    if (!seen && spent + url.length > budget) return;
    if (!seen) spent += url.length;
    if (job.key) inlined.set(job.key, url);
    if (job.kind === "canvas") {
      const image = state.doc.createElement("img");
      for (const name of ["id", "class", "width", "height", "title"]) {
        const value = job.target.getAttribute(name);
        if (value !== null) image.setAttribute(name, value);
      }
      // The style through the CSSOM (a host's CSP may refuse a `style` attribute being set).
      const style = (job.target as HTMLElement).style?.cssText;
      if (style) image.style.cssText = style;
      image.setAttribute("src", url);
      job.target.replaceWith(image);
    } else {
      job.target.setAttribute("src", url);
    }
  });
}

/**
 * The snapshot's copy is taken when this is called (synchronously); the promise resolves once the
 * pictures are inlined. A failure to copy rejects (the report is then not sent, spec §8).
 */
export function takePageSnapshot(options: SnapshotOptions = {}): Promise<ScreenshotData> {
  const win = options.window ?? window;
  let state: CopyState;
  let html: Element;
  let position: { x: number; y: number };
  let worker: PictureWorker | null = null;
  try {
    if (!options.readPicture) worker = createPictureWorker(readPictureOffThread);
    const doc = win.document.implementation.createHTMLDocument("");
    state = {
      doc,
      win,
      exclude: options.exclude ?? (() => false),
      pictures: [],
      styleCopies: new Map(),
      readPicture: options.readPicture ?? (worker as PictureWorker).read,
      pageOrigin: win.location.origin,
    };
    const copied = copyNode(win.document.documentElement, state, false);
    if (!copied || copied.nodeType !== Node.ELEMENT_NODE) throw new Error("the page has no root element");
    html = copied as Element;
    copyStylesheets(state);
    setBase(html, state);
    position = { x: win.scrollX, y: win.scrollY };
    if (options.drawing) placeDrawing(html, options.drawing, state);
  } catch (error) {
    worker?.close();
    return Promise.reject(error);
  }
  const baseUrl = new URL(".", win.location.href).href.replace(/\/$/, "");
  const inlined = inlinePictures(state, options.pictureBudget ?? defaultPictureBudget, options.warn);
  inlined.finally(() => worker?.close()).catch(() => undefined);
  return inlined.then(() => ({
    html: doctypeOf(win.document) + html.outerHTML,
    baseUrl,
    width: win.innerWidth,
    height: win.innerHeight,
    isMobile: isMobile(String(win.navigator?.userAgent ?? ""), win.innerWidth),
    x: position.x,
    y: position.y,
  }));
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * Reads a picture the page already decoded: `createImageBitmap` copies and scales it at once (the
 * copy is of this instant), then an OffscreenCanvas encodes it, both off the main thread in
 * Chromium. A picture of another origin fails here (a tainted canvas) and keeps its URL.
 */
export const readPictureOffThread: PictureReader = (source, size, encoding) => {
  const bitmap = createImageBitmap(source, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: "medium",
  });
  return bitmap.then(async (image) => {
    try {
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.drawImage(image, 0, 0, size.width, size.height);
      const blob = await canvas.convertToBlob(encoding);
      return await blobToDataUrl(blob);
    } finally {
      image.close();
    }
  });
};
