import { bannerToHost } from "../../shared/frame-messages.ts";
import { frameSource } from "../../shared/frame-source.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { acknowledgeOutbound, offeredOutboundId } from "../common/outbound-acknowledgement.ts";
import {
  frameLanguage,
  frameOrigin,
  matchesCurrentPage,
  messageFromFrame,
  postToFrame,
  readOutboundShow,
  runOutboundFrameAction,
  type ShownFrame,
  setImportant,
} from "../common/outbound-frame.ts";

/**
 * Lazy chunk entry of the banner (spec §2 "Banner"): an iframe of the banner frame app
 * (`host.frameUrls().banner`) across the top of the page, `normal` (it pushes the page down) or
 * `floating` (it floats over the page). Plain DOM: the frame renders the content.
 *
 * What it changes in the host page's DOM, and only while a banner is shown:
 * - one element, `#gleap-banner`, a child of `<html>` (so `position: absolute; top: 0` is the top of the
 *   document even when the page positions its `<body>`), whose iframe sits in its own shadow root;
 * - `--gleap-margin-top` on `<html>` (the banner's height, as the reference sets it) and, for a normal
 *   banner, an inline `padding-top` on `<html>` of that height, which moves the page down by exactly
 *   the banner (a margin on `<body>` would collapse with its first child's margin);
 * - the classes `gleap-b-shown` and, when floating, `gleap-b-f` on `<body>`, the reference's hooks for
 *   host pages that move their own fixed headers.
 * No stylesheet is added to the page; the inline declarations are `!important` and the old values of
 * `<html>` are put back on close.
 */

const texts = { en: "Announcement", de: "Ankündigung", ar: "إعلان" } as const;
const maxHeight = 600;
/** A frame that never shows its content is taken away, so it cannot hold the place of the next banner. */
const loadTimeoutMs = 15_000;

interface ShownBanner extends ShownFrame {
  element: HTMLElement;
  floating: boolean;
  /** The server's outbound it shows (acknowledged as shown, opened, closed); null for a host's own. */
  outboundId: string | null;
  /** The frame's latest height; the page learns it at reveal and then only when it changes. */
  height: number;
  /** On screen: the frame said its content is set. */
  revealed: boolean;
  /** The height the page was last given. */
  pushed: number | null;
}

let context: WidgetChunkContext | null = null;
let banner: ShownBanner | null = null;

/**
 * Gives the page the banner's height. Both writes restyle and relayout the whole host page (the custom
 * property is inherited by every element), so they happen once at reveal and then only when the
 * height really changes; before reveal the hidden element alone follows the frame.
 */
function pushPage(shown: ShownBanner) {
  const height = shown.height;
  setImportant(shown.element, { height: `${height}px` });
  if (!shown.revealed || shown.pushed === height) return;
  shown.pushed = height;
  document.documentElement.style.setProperty("--gleap-margin-top", `${height}px`);
  if (!shown.floating) setImportant(document.documentElement, { "padding-top": `${height}px` });
}

function reveal(shown: ShownBanner) {
  clearTimeout(shown.loadTimer);
  if (shown.revealed) return;
  // On screen now: the one moment it counts as delivered.
  const host = context?.host;
  if (host) acknowledgeOutbound(host, shown.outboundId, "shown");
  document.body?.classList.add("gleap-b-shown");
  if (shown.floating) document.body?.classList.add("gleap-b-f");
  setImportant(shown.element, { visibility: "visible" });
  shown.revealed = true;
  pushPage(shown);
}

function remove() {
  const shown = banner;
  if (!shown) return;
  banner = null;
  clearTimeout(shown.loadTimer);
  shown.element.remove();
  shown.restore();
  document.body?.classList.remove("gleap-b-shown", "gleap-b-f");
}

/** Saves `<html>`'s inline values the banner changes, and answers how to put them back. */
function saveDocumentStyle(): () => void {
  const style = document.documentElement.style;
  const saved = ["padding-top", "--gleap-margin-top"].map(
    (property) => [property, style.getPropertyValue(property), style.getPropertyPriority(property)] as const,
  );
  return () => {
    for (const [property, value, priority] of saved) {
      if (value) style.setProperty(property, value, priority);
      else style.removeProperty(property);
    }
  };
}

/**
 * One banner at a time: while one shows, another offer is left alone, unacknowledged, and
 * the server offers it again once this one is closed or on the next page view.
 */
function show(raw: unknown) {
  const host = context?.host;
  if (!host || banner || !document.body) return;
  const content = readOutboundShow(raw);
  if (!content || !matchesCurrentPage(content)) return;
  const url = host.frameUrls().banner;
  const origin = frameOrigin(url);
  if (!origin) return;
  const floating = content.format === "floating";

  const element = document.createElement("div");
  element.id = "gleap-banner";
  element.dataset.format = floating ? "floating" : "normal";
  setImportant(element, {
    all: "initial",
    display: "block",
    position: floating ? "fixed" : "absolute",
    top: floating ? "10px" : "0",
    left: floating ? "50%" : "0",
    transform: floating ? "translateX(-50%)" : "none",
    width: floating ? "calc(100% - 20px)" : "100%",
    "max-width": floating ? "800px" : "none",
    height: "0",
    margin: "0",
    padding: "0",
    overflow: "hidden",
    "border-radius": floating ? `${Math.min(24, Math.max(0, host.flowConfig().borderRadius))}px` : "0",
    "box-shadow": floating ? "0 10px 20px rgba(0, 0, 0, 0.15), 0 5px 5px rgba(0, 0, 0, 0.05)" : "none",
    // Below the widget's own root (2147483000), so a modal's backdrop covers the banner too.
    "z-index": "2147482999",
    // Drawn once the frame says its content is set, so the page never shows an empty bar.
    visibility: "hidden",
  });
  const shadow = element.attachShadow({ mode: "open" });
  const iframe = document.createElement("iframe");
  iframe.src = frameSource(url, host.sdkKey);
  iframe.title = texts[frameLanguage(host.language())];
  iframe.setAttribute("scrolling", "no");
  // Scripts at its own origin, nothing more: it cannot navigate the page or open windows itself
  // (links go through the host's `open-url`).
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  // Through the CSSOM: a host whose CSP has no 'unsafe-inline' refuses a `style` attribute.
  iframe.style.cssText =
    "all: initial; display: block; width: 100%; height: 100%; border: 0; margin: 0; padding: 0;";
  shadow.append(iframe);

  banner = {
    element,
    iframe,
    url,
    origin,
    // The project's brand colour, for a banner that names none of its own.
    data: {
      ...content.data,
      primaryColor: host.flowConfig().color || "#485BFF",
      language: frameLanguage(host.language()),
    },
    floating,
    outboundId: offeredOutboundId(raw),
    height: 0,
    revealed: false,
    pushed: null,
    loadTimer: setTimeout(() => {
      if (banner?.element === element && !banner.revealed) remove();
    }, loadTimeoutMs),
    restore: saveDocumentStyle(),
  };
  document.documentElement.append(element);
}

function onMessage(event: MessageEvent) {
  const shown = banner;
  const host = context?.host;
  if (!shown || !host) return;
  const message = messageFromFrame(event, shown, bannerToHost);
  if (!message) return;
  switch (message.name) {
    case "banner-loaded":
      postToFrame(shown, { name: "banner-data", type: "banner", data: shown.data });
      return;
    case "banner-height":
      shown.height = Math.max(0, Math.min(maxHeight, Math.ceil(message.data.height)));
      pushPage(shown);
      return;
    case "banner-data-set":
      reveal(shown);
      return;
    case "banner-close":
      remove();
      // After the slot is free: the server answers a close with the next banner of the queue.
      acknowledgeOutbound(host, shown.outboundId, "closed");
      return;
    default:
      try {
        if (runOutboundFrameAction(host, message)) acknowledgeOutbound(host, shown.outboundId, "opened");
      } catch {
        // Spec §8: banner errors are swallowed.
      }
  }
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  window.addEventListener("message", onMessage);
  return () => {
    window.removeEventListener("message", onMessage);
    remove();
    context = null;
  };
}

export function run(command: SurfaceCommand<"banner">, args: unknown[]): void {
  if (command === "showBanner") show(args[0]);
  else if (command === "closeBanner" || command === "hideBanner") remove();
}
