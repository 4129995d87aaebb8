import {
  adminToSite,
  type BuilderInit,
  type BuilderMode,
  builderFrameHeights,
  builderPageReportMs,
  builderToSite,
  type SiteToAdminMessage,
  type SiteToBuilderMessage,
} from "../../shared/builder-messages.ts";
import { frameMessageText, fromFrame, parseFrameMessage } from "../../shared/frame-messages.ts";
import { frameSource } from "../../shared/frame-source.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { startPicker } from "./element-picker.ts";
import { selectorFor } from "./unique-selector.ts";

/**
 * Lazy chunk entry of the admin builder (spec §2 "Admin builder"): the loader hands it the admin
 * window's `load` message (spec §7) and it shows the tooltip or product tour builder frame
 * (`/builder` of the messenger origin) as a bar along the bottom of the page. The frame says which
 * mode it is in and the bar takes that mode's height (navigate and picker 65px, editor the whole
 * viewport, loading 0); in picker mode this chunk runs the element picker on the page. It reports the
 * page address every second, outlines elements the frame points at, counts on the live page what the
 * frame's picked selectors find before it saves, and passes the frame's `save` and `update-steps` on
 * to the admin window. Plain DOM in the widget's shadow root; the page itself only
 * gets a bottom margin while the bar is open, so the bar does not cover its end.
 */

const texts = {
  en: { frame: "Builder", collapse: "Hide the builder", expand: "Show the builder" },
  de: { frame: "Builder", collapse: "Builder ausblenden", expand: "Builder einblenden" },
} as const;

const styles = `
.gb-bar {
  all: initial;
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 2147483647;
  height: 0;
  transition: transform 200ms ease;
}
.gb-bar[data-collapsed="true"] { transform: translateY(100%); }
.gb-frame { display: block; width: 100%; height: 100%; border: 0; margin: 0; padding: 0; background: transparent; }
.gb-toggle {
  all: initial;
  position: absolute;
  right: 24px;
  bottom: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 24px;
  border-radius: 8px 8px 0 0;
  background: #1e2235;
  color: #fff;
  cursor: pointer;
  box-shadow: 0 -2px 8px rgba(15, 23, 42, 0.2);
}
.gb-toggle:focus-visible { outline: 2px solid #8b9bff; outline-offset: 2px; }
.gb-toggle svg { width: 14px; height: 14px; transition: transform 200ms ease; }
.gb-bar[data-collapsed="true"] .gb-toggle svg { transform: rotate(180deg); }
.gb-bar[data-mode="editor"] .gb-toggle, .gb-bar[data-mode="loading"] .gb-toggle { display: none; }
.gb-highlight {
  all: initial;
  position: fixed;
  z-index: 2147483646;
  pointer-events: none;
  box-sizing: border-box;
  border: 2px solid #485bff;
  border-radius: 4px;
  background: rgba(72, 91, 255, 0.12);
  transition: all 80ms ease-out;
}
.gb-highlight[hidden] { display: none; }
@media (prefers-reduced-motion: reduce) { .gb-bar, .gb-highlight, .gb-toggle svg { transition: none; } }
`;

const arrowIcon =
  '<svg viewBox="0 0 14 14" aria-hidden="true" focusable="false"><path d="M3 5l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

interface Builder {
  bar: HTMLElement;
  iframe: HTMLIFrameElement;
  toggle: HTMLButtonElement;
  highlight: HTMLElement;
  url: string;
  origin: string;
  adminOrigin: string;
  init: BuilderInit;
  ready: boolean;
  mode: BuilderMode;
  lastPage: string;
  pageTimer: ReturnType<typeof setInterval>;
  stopPicker: (() => void) | null;
  restorePage: () => void;
}

let context: WidgetChunkContext | null = null;
let style: HTMLStyleElement | null = null;
let builder: Builder | null = null;

/** A message without its `type` mark, which the sender adds (one mark per channel). */
type Unmarked<T> = T extends unknown ? Omit<T, "type"> : never;

function toFrame(target: Builder, message: Unmarked<SiteToBuilderMessage>) {
  const marked = { ...message, type: "tourbuilder" };
  try {
    target.iframe.contentWindow?.postMessage(frameMessageText(marked), target.origin);
  } catch {
    // Spec §8: failures towards a frame are swallowed.
  }
}

function toAdmin(target: Builder, message: Unmarked<SiteToAdminMessage>) {
  const marked = { ...message, type: "admin" };
  try {
    window.opener?.postMessage(frameMessageText(marked), target.adminOrigin);
  } catch {
    // The admin's window was closed: the builder keeps working on its own.
  }
}

/** The element a selector from the frame names, or null (a bad selector is not an error here). */
function find(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

/** How many elements of the page a selector finds now (the builder's own are in the shadow root). */
function countOf(selector: string): number {
  try {
    return document.querySelectorAll(selector).length;
  } catch {
    return 0;
  }
}

function outline(target: Builder, element: Element | null) {
  if (!element) {
    target.highlight.hidden = true;
    return;
  }
  const box = element.getBoundingClientRect();
  Object.assign(target.highlight.style, {
    top: `${box.top - 4}px`,
    left: `${box.left - 4}px`,
    width: `${box.width + 8}px`,
    height: `${box.height + 8}px`,
  });
  target.highlight.hidden = false;
}

function setCollapsed(target: Builder, collapsed: boolean) {
  target.bar.dataset.collapsed = String(collapsed);
  const language = context?.host.language().startsWith("de") ? "de" : "en";
  const label = collapsed ? texts[language].expand : texts[language].collapse;
  target.toggle.setAttribute("aria-label", label);
  target.toggle.title = label;
  target.toggle.setAttribute("aria-expanded", String(!collapsed));
}

function setMode(target: Builder, mode: BuilderMode) {
  target.mode = mode;
  target.bar.dataset.mode = mode;
  target.bar.style.height = builderFrameHeights[mode];
  target.stopPicker?.();
  target.stopPicker = null;
  if (mode === "editor" || mode === "picker") setCollapsed(target, false);
  if (mode !== "picker") return;
  const ownHost = context?.root.host;
  target.stopPicker = startPicker({
    doc: document,
    isOwnUi: (element) => element === ownHost || Boolean(ownHost?.contains(element)),
    onHover: (element) => outline(target, element),
    onPick: (element) => {
      const selector = selectorFor(element);
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      // Picking goes on: the admin marks the element on the site, or picks one that has a name.
      if (!selector) return toFrame(target, { name: "element-unnamed", data: { text, page: location.href } });
      target.stopPicker?.();
      target.stopPicker = null;
      outline(target, element);
      toFrame(target, { name: "element-picked", data: { selector, text, page: location.href } });
    },
  });
}

function reportPage(target: Builder) {
  const page = location.href;
  if (!target.ready || page === target.lastPage) return;
  target.lastPage = page;
  toFrame(target, { name: "page-changed", data: { page } });
}

/**
 * Puts the bar in the browser's top layer (a manual popover: no light dismiss, no Escape), above every
 * other widget surface and the page's own `z-index: 2147483647` layers alike: within the widget's
 * shadow root a later surface at the same z-index would cover it, and the widget's root is one
 * stacking context at a lower z-index than a page may use. Browsers without popovers keep the bar's
 * z-index.
 */
function liftAboveEverything(bar: HTMLElement) {
  try {
    bar.popover = "manual";
    bar.showPopover();
  } catch {
    // No popover support: the z-index stands.
  }
}

/** Keeps the end of the page reachable above the bar (the navigate bar's own height). */
function reservePageSpace(): () => void {
  const body = document.body;
  const previous = body.style.getPropertyValue("margin-bottom");
  body.style.setProperty("margin-bottom", builderFrameHeights.navigate, "important");
  return () => {
    if (previous) body.style.setProperty("margin-bottom", previous);
    else body.style.removeProperty("margin-bottom");
  };
}

function show(init: BuilderInit, adminOrigin: string) {
  const current = context;
  if (!current || !document.body) return;
  if (builder) {
    // The admin answered again (a fresh token): the frame gets it with the next data message.
    builder.init = init;
    if (builder.ready) toFrame(builder, { name: "data", data: { init, page: location.href } });
    return;
  }
  const url = `${current.host.frameUrls().messenger}/builder`;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return;
  }
  const language = current.host.language().startsWith("de") ? "de" : "en";

  const bar = document.createElement("div");
  bar.className = "gb-bar";
  bar.dataset.gleapSurface = "builder";
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "gb-toggle";
  toggle.innerHTML = arrowIcon;
  const iframe = document.createElement("iframe");
  iframe.className = "gb-frame";
  iframe.src = frameSource(url, current.host.sdkKey);
  iframe.title = texts[language].frame;
  iframe.setAttribute("allow", "clipboard-write");
  // Scripts at its own origin: it talks to the platform API and to this page, nothing more.
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  const highlight = document.createElement("div");
  highlight.className = "gb-highlight";
  highlight.hidden = true;
  bar.append(toggle, iframe);
  current.root.append(highlight, bar);
  liftAboveEverything(bar);

  const created: Builder = {
    bar,
    iframe,
    toggle,
    highlight,
    url,
    origin,
    adminOrigin,
    init,
    ready: false,
    mode: "loading",
    lastPage: "",
    pageTimer: setInterval(() => builder && reportPage(builder), builderPageReportMs),
    stopPicker: null,
    restorePage: reservePageSpace(),
  };
  builder = created;
  toggle.addEventListener("click", () => setCollapsed(created, created.bar.dataset.collapsed !== "true"));
  setCollapsed(created, false);
  setMode(created, "loading");
}

function close() {
  const shown = builder;
  if (!shown) return;
  builder = null;
  clearInterval(shown.pageTimer);
  shown.stopPicker?.();
  shown.bar.remove();
  shown.highlight.remove();
  shown.restorePage();
}

function onMessage(event: MessageEvent) {
  const shown = builder;
  if (!shown) return;
  const source = shown.iframe.contentWindow;
  if (!source || !fromFrame(event, shown.url, source)) return;
  const message = parseFrameMessage(event.data, builderToSite);
  if (!message) return;
  switch (message.name) {
    case "init":
      shown.ready = true;
      shown.lastPage = location.href;
      toFrame(shown, { name: "data", data: { init: shown.init, page: shown.lastPage } });
      return;
    case "status-changed":
      setMode(shown, message.data.status);
      // The picked element stays outlined while its step is edited (the editor's backdrop is see-through).
      if (message.data.status === "navigate" || message.data.status === "loading") outline(shown, null);
      return;
    case "highlight-element": {
      const element = message.data.selector === null ? null : find(message.data.selector);
      element?.scrollIntoView?.({ block: "nearest" });
      outline(shown, element);
      return;
    }
    case "click":
      try {
        (find(message.data.selector) as HTMLElement | null)?.click?.();
      } catch {
        // The page's own handler failed: its problem, not the builder's.
      }
      return;
    case "save":
      toAdmin(shown, { name: "save", data: message.data });
      return;
    case "update-steps":
      toAdmin(shown, { name: "update-steps", data: message.data });
      return;
    case "check-selectors": {
      const counts = message.data.selectors.map((selector) => ({ selector, count: countOf(selector) }));
      toFrame(shown, { name: "selectors-checked", data: { counts, page: location.href } });
      return;
    }
  }
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  style = document.createElement("style");
  if (chunkContext.nonce) style.nonce = chunkContext.nonce;
  style.textContent = styles;
  chunkContext.root.append(style);
  window.addEventListener("message", onMessage);
  return () => {
    window.removeEventListener("message", onMessage);
    close();
    style?.remove();
    style = null;
    context = null;
  };
}

/**
 * `startBuilder(text, adminOrigin)`: the admin window's message as it arrived (the loader checked its
 * origin and source, this chunk its shape). `closeBuilder` takes the bar away.
 */
export function run(command: SurfaceCommand<"builder">, args: unknown[]): void {
  if (command === "startBuilder") {
    const message = parseFrameMessage(args[0], adminToSite);
    if (message && typeof args[1] === "string") show(message.data, args[1]);
  } else if (command === "closeBuilder") close();
}
