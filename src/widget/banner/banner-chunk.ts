import { bannerToHost } from "../../shared/frame-messages.ts";
import type { SurfaceCommand, WidgetChunkContext, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { acknowledgeOutbound } from "../common/outbound-acknowledgement.ts";
import { setImportant } from "../common/outbound-frame.ts";
import {
  createOutboundFrameChunk,
  type FrameOffer,
  frameContent,
  type OutboundFrame,
} from "../common/outbound-frame-chunk.ts";
import { marginVariable, pageMayReadMarginVariable } from "./margin-variable.ts";

/**
 * Lazy chunk entry of the banner (spec §2 "Banner"): an iframe of the banner frame app
 * (`host.frameUrls().banner`) across the top of the page, `normal` (it pushes the page down) or
 * `floating` (it floats over the page). Plain DOM: the frame renders the content.
 *
 * What it changes in the host page's DOM, and only while a banner is shown:
 * - one element, `#gleap-banner`, a child of `<html>` (so `position: absolute; top: 0` is the top of the
 *   document even when the page positions its `<body>`), whose iframe sits in its own shadow root;
 * - `--gleap-margin-top` on `<html>` (the banner's height, as the reference sets it) where the page may
 *   read it (margin-variable.ts) and, for a normal banner, an inline `padding-top` on `<html>` of that
 *   height, which moves the page down by exactly the banner (a margin on `<body>` would collapse with
 *   its first child's margin);
 * - the classes `gleap-b-shown` and, when floating, `gleap-b-f` on `<body>`, the reference's hooks for
 *   host pages that move their own fixed headers.
 * No stylesheet is added to the page; the inline declarations are `!important` and the old values of
 * `<html>` are put back on close.
 */

const maxHeight = 600;

interface ShownBanner extends OutboundFrame {
  element: HTMLElement;
  floating: boolean;
  /** The frame's latest height; the page learns it at reveal and then only when it changes. */
  height: number;
  /** On screen: the frame said its content is set. */
  revealed: boolean;
  /** The height the page was last given. */
  pushed: number | null;
  /** Whether the page may read `--gleap-margin-top`, found out at reveal (null: not yet). */
  readsMarginVariable: boolean | null;
  /** Puts back `<html>`'s inline values the banner changed. */
  restore: () => void;
}

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
  shown.readsMarginVariable ??= pageMayReadMarginVariable(document);
  if (shown.readsMarginVariable) document.documentElement.style.setProperty(marginVariable, `${height}px`);
  if (!shown.floating) setImportant(document.documentElement, { "padding-top": `${height}px` });
}

function reveal(shown: ShownBanner, host: WidgetHost) {
  clearTimeout(shown.loadTimer);
  if (shown.revealed) return;
  // On screen now: the one moment it counts as delivered.
  acknowledgeOutbound(host, shown.outboundId, "shown");
  document.body?.classList.add("gleap-b-shown");
  if (shown.floating) document.body?.classList.add("gleap-b-f");
  setImportant(shown.element, { visibility: "visible" });
  shown.revealed = true;
  pushPage(shown);
}

/** Saves `<html>`'s inline values the banner changes, and answers how to put them back. */
function saveDocumentStyle(): () => void {
  const style = document.documentElement.style;
  const saved = ["padding-top", marginVariable].map(
    (property) => [property, style.getPropertyValue(property), style.getPropertyPriority(property)] as const,
  );
  return () => {
    for (const [property, value, priority] of saved) {
      if (value) style.setProperty(property, value, priority);
      else style.removeProperty(property);
    }
  };
}

/** The element that holds the banner's frame in its shadow root, hidden until the content is set. */
function bannerElement(floating: boolean, borderRadius: number): HTMLElement {
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
    "border-radius": floating ? `${Math.min(24, Math.max(0, borderRadius))}px` : "0",
    "box-shadow": floating ? "0 10px 20px rgba(0, 0, 0, 0.15), 0 5px 5px rgba(0, 0, 0, 0.05)" : "none",
    // Below the widget's own root (2147483000), so a modal's backdrop covers the banner too.
    "z-index": "2147482999",
    // Drawn once the frame says its content is set, so the page never shows an empty bar.
    visibility: "hidden",
  });
  return element;
}

function openBanner(
  { host }: WidgetChunkContext,
  offer: FrameOffer,
  iframe: HTMLIFrameElement,
  loadTimer: ReturnType<typeof setTimeout>,
): ShownBanner {
  const floating = offer.content.format === "floating";
  const element = bannerElement(floating, host.flowConfig().borderRadius);
  // Through the CSSOM: a host whose CSP has no 'unsafe-inline' refuses a `style` attribute.
  iframe.style.cssText =
    "all: initial; display: block; width: 100%; height: 100%; border: 0; margin: 0; padding: 0;";
  element.attachShadow({ mode: "open" }).append(iframe);
  const shown: ShownBanner = {
    element,
    iframe,
    url: offer.url,
    origin: offer.origin,
    data: frameContent(host, offer),
    floating,
    outboundId: offer.outboundId,
    height: 0,
    revealed: false,
    pushed: null,
    readsMarginVariable: null,
    loadTimer,
    restore: saveDocumentStyle(),
  };
  document.documentElement.append(element);
  return shown;
}

/**
 * One banner at a time: while one shows, another offer is left alone, unacknowledged, and
 * the server offers it again once this one is closed or on the next page view.
 */
const chunk = createOutboundFrameChunk({
  kind: "banner",
  schemas: bannerToHost,
  titles: { en: "Announcement", de: "Ankündigung", ar: "إعلان" },
  frameAttributes: () => ({ scrolling: "no" }),
  open: openBanner,
  revealed: (shown: ShownBanner) => shown.revealed,
  onMessage(shown, message, host) {
    if (message.name === "banner-height") {
      shown.height = Math.max(0, Math.min(maxHeight, Math.ceil(message.data.height)));
      pushPage(shown);
    } else if (message.name === "banner-data-set") reveal(shown, host);
    else return false;
    return true;
  },
  remove(shown) {
    shown.element.remove();
    shown.restore();
    document.body?.classList.remove("gleap-b-shown", "gleap-b-f");
  },
});

export function mount(chunkContext: WidgetChunkContext): () => void {
  return chunk.mount(chunkContext);
}

export function run(command: SurfaceCommand<"banner">, args: unknown[]): void {
  if (command === "showBanner") chunk.show(args[0]);
  else if (command === "closeBanner" || command === "hideBanner") chunk.close();
}
