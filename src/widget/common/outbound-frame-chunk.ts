import type {
  BannerToHostMessage,
  bannerToHost,
  HostToBannerMessage,
  HostToModalMessage,
  ModalToHostMessage,
  modalToHost,
} from "../../shared/frame-messages.ts";
import { frameSource } from "../../shared/frame-source.ts";
import type { WidgetChunkContext, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { acknowledgeOutbound, offeredOutboundId } from "./outbound-acknowledgement.ts";
import {
  frameLanguage,
  frameOrigin,
  matchesCurrentPage,
  messageFromFrame,
  type OutboundShow,
  postToFrame,
  readOutboundShow,
  runOutboundFrameAction,
  type ShownFrame,
} from "./outbound-frame.ts";

/**
 * The host side of a banner or a modal chunk, the part both run the same way (spec §7 "Banner and
 * modal frames"): one frame at a time, shown for an offer that matches the current page, its content
 * sent when the frame says it has loaded, a frame that never shows its content taken away after
 * `loadTimeoutMs`, its close and its buttons' actions acknowledged to the server. The surface builds
 * and removes its own DOM and reads the messages only it knows (its height, its content set).
 */

/** A frame that never shows its content is taken away, so it cannot hold the place of the next one. */
const loadTimeoutMs = 15_000;
const defaultPrimaryColor = "#485BFF";

type FrameKind = "banner" | "modal";
type FrameMessage = BannerToHostMessage | ModalToHostMessage;

export interface OutboundFrame extends ShownFrame {
  /** The server's outbound it shows (acknowledged as shown, opened, closed); null for a host's own. */
  outboundId: string | null;
  /** Takes away a frame that never shows its content. */
  loadTimer: ReturnType<typeof setTimeout>;
}

/** An offer to show a frame, read and allowed on this page. */
export interface FrameOffer {
  content: OutboundShow;
  url: string;
  origin: string;
  language: "en" | "de" | "ar";
  outboundId: string | null;
}

export interface FrameSurface<S extends OutboundFrame> {
  kind: FrameKind;
  schemas: typeof bannerToHost | typeof modalToHost;
  /** The frame's title in the frames' languages. */
  titles: Record<FrameOffer["language"], string>;
  /** The frame element's attributes beside its address, title and sandbox. */
  frameAttributes(title: string): Record<string, string>;
  /** Whether an offer may show now, beyond "no frame of this surface shows". */
  mayShow?(offer: FrameOffer, host: WidgetHost): boolean;
  /** Puts the frame for an offer on the page; answers what the chunk keeps of it. */
  open(
    context: WidgetChunkContext,
    offer: FrameOffer,
    iframe: HTMLIFrameElement,
    loadTimer: ReturnType<typeof setTimeout>,
  ): S;
  /** Whether the frame has shown its content. */
  revealed(shown: S): boolean;
  /** The surface's own messages (its height, its content set); answers whether `message` was one. */
  onMessage(shown: S, message: FrameMessage, host: WidgetHost): boolean;
  /** Takes the frame off the page and puts back what showing it changed. */
  remove(shown: S): void;
}

export interface OutboundFrameChunk<S extends OutboundFrame> {
  mount(context: WidgetChunkContext): () => void;
  show(raw: unknown): void;
  close(): void;
  /** Closes the frame and tells the server the visitor closed it (it answers with the next of its queue). */
  closeByVisitor(): void;
  current(): S | null;
}

/**
 * The content the frame renders: the offer's, with the project's brand colour (for content that names
 * none of its own) and the widget's language.
 */
export function frameContent(
  host: WidgetHost,
  offer: FrameOffer,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...offer.content.data,
    ...extra,
    primaryColor: host.flowConfig().color || defaultPrimaryColor,
    language: offer.language,
  };
}

/**
 * The frame element at the offer's address (with the project's key, which tells the messenger origin
 * whose allowed origins may frame it), titled, with `attributes`, and scripts at its own origin, nothing
 * more: it cannot navigate the page or open windows itself (links go through the host's `open-url`).
 */
function createFrameElement(
  host: WidgetHost,
  offer: FrameOffer,
  title: string,
  attributes: Record<string, string>,
): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.src = frameSource(offer.url, host.sdkKey);
  iframe.title = title;
  for (const [name, value] of Object.entries(attributes)) iframe.setAttribute(name, value);
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  return iframe;
}

function readOffer(host: WidgetHost, kind: FrameKind, raw: unknown): FrameOffer | null {
  const content = readOutboundShow(raw);
  if (!content || !matchesCurrentPage(content)) return null;
  const url = host.frameUrls()[kind];
  const origin = frameOrigin(url);
  if (!origin) return null;
  return {
    content,
    url,
    origin,
    language: frameLanguage(host.language()),
    outboundId: offeredOutboundId(raw),
  };
}

function dataMessage(
  kind: FrameKind,
  data: Record<string, unknown>,
): HostToBannerMessage | HostToModalMessage {
  return kind === "banner"
    ? { name: "banner-data", type: "banner", data }
    : { name: "modal-data", type: "modal", data };
}

export function createOutboundFrameChunk<S extends OutboundFrame>(
  surface: FrameSurface<S>,
): OutboundFrameChunk<S> {
  let context: WidgetChunkContext | null = null;
  let shown: S | null = null;

  function close() {
    const current = shown;
    if (!current) return;
    shown = null;
    clearTimeout(current.loadTimer);
    surface.remove(current);
  }

  function closeByVisitor() {
    const current = shown;
    const host = context?.host;
    if (!current) return;
    // After the slot is free: the server answers a close with the next outbound of its queue.
    close();
    if (host) acknowledgeOutbound(host, current.outboundId, "closed");
  }

  function show(raw: unknown) {
    const current = context;
    if (!current || shown || !document.body) return;
    const offer = readOffer(current.host, surface.kind, raw);
    if (!offer || surface.mayShow?.(offer, current.host) === false) return;
    const loadTimer = setTimeout(() => {
      if (shown?.loadTimer === loadTimer && !surface.revealed(shown)) close();
    }, loadTimeoutMs);
    const title = surface.titles[offer.language];
    const iframe = createFrameElement(current.host, offer, title, surface.frameAttributes(title));
    shown = surface.open(current, offer, iframe, loadTimer);
  }

  function onMessage(event: MessageEvent) {
    const current = shown;
    const host = context?.host;
    if (!current || !host) return;
    const message: FrameMessage | null = messageFromFrame(event, current, surface.schemas);
    if (!message) return;
    if (message.name === `${surface.kind}-loaded`) {
      postToFrame(current, dataMessage(surface.kind, current.data));
    } else if (message.name === `${surface.kind}-close`) {
      // The frame's own close button or its action buttons.
      closeByVisitor();
    } else if (!surface.onMessage(current, message, host)) {
      try {
        if (runOutboundFrameAction(host, message)) acknowledgeOutbound(host, current.outboundId, "opened");
      } catch {
        // Spec §8: banner and modal errors are swallowed.
      }
    }
  }

  return {
    mount(chunkContext) {
      context = chunkContext;
      window.addEventListener("message", onMessage);
      return () => {
        window.removeEventListener("message", onMessage);
        close();
        context = null;
      };
    },
    show,
    close,
    closeByVisitor,
    current: () => shown,
  };
}
