import { modalToHost } from "../../shared/frame-messages.ts";
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
import { takeoverSlot } from "../common/takeover-slot.ts";

/**
 * Lazy chunk entry of the modal (spec §2 "Modal"): an iframe of the modal frame app
 * (`host.frameUrls().modal`) in a dialog over a backdrop, at most 600 px wide. A click on the backdrop
 * (or Escape) closes it unless `showCloseButton` is false. Plain DOM, in the widget's shadow root; the
 * only change to the page itself is `overflow: hidden` on `<body>` while it is open (put back after)
 * and the reference's `gleap-modal-open` class.
 */

const texts = { en: "Message", de: "Nachricht", ar: "رسالة" } as const;
const defaultPrimaryColor = "#485BFF";
/** A frame that never says it loaded is taken away, so a modal without a close button cannot trap the page. */
const loadTimeoutMs = 15_000;

const styles = `
.gm-wrapper {
  all: initial;
  position: fixed;
  inset: 0;
  z-index: 2147483647;
  display: flex;
  align-items: center;
  justify-content: center;
}
.gm-backdrop {
  position: absolute;
  inset: 0;
  background: rgba(15, 23, 42, 0.55);
  animation: gm-fade 200ms ease-out both;
}
.gm-dialog {
  position: relative;
  box-sizing: border-box;
  width: 90%;
  max-width: 600px;
  max-height: 90vh;
  overflow: hidden;
  border-radius: var(--gm-radius, 16px);
  background: #fff;
  box-shadow: 0 24px 60px rgba(15, 23, 42, 0.28), 0 4px 12px rgba(15, 23, 42, 0.12);
  animation: gm-in 260ms cubic-bezier(0.2, 0.8, 0.2, 1) both;
}
.gm-wrapper[data-state="loading"] .gm-dialog { visibility: hidden; animation: none; }
.gm-frame {
  display: block;
  width: 100%;
  height: 0;
  max-height: 90vh;
  border: 0;
  margin: 0;
  padding: 0;
  outline: none;
}
@keyframes gm-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes gm-in {
  from { opacity: 0; transform: translate3d(0, 20px, 0) scale(0.98); }
  to { opacity: 1; transform: none; }
}
@media (prefers-reduced-motion: reduce) { .gm-backdrop, .gm-dialog { animation: none; } }
`;

interface ShownModal extends ShownFrame {
  wrapper: HTMLElement;
  closable: boolean;
  /** The server's outbound it shows (acknowledged as shown, opened, closed); null for a host's own. */
  outboundId: string | null;
}

let context: WidgetChunkContext | null = null;
let style: HTMLStyleElement | null = null;
let modal: ShownModal | null = null;

/** Locks the page's scroll and remembers what had focus; answers how to undo both. */
function holdPage(): () => void {
  const body = document.body;
  const overflow = body.style.getPropertyValue("overflow");
  const priority = body.style.getPropertyPriority("overflow");
  const focused = document.activeElement as HTMLElement | null;
  setImportant(body, { overflow: "hidden" });
  body.classList.add("gleap-modal-open");
  return () => {
    if (overflow) body.style.setProperty("overflow", overflow, priority);
    else body.style.removeProperty("overflow");
    body.classList.remove("gleap-modal-open");
    try {
      focused?.focus?.({ preventScroll: true });
    } catch {
      // The element is gone.
    }
  };
}

function close() {
  const shown = modal;
  if (!shown) return;
  modal = null;
  clearTimeout(shown.loadTimer);
  shown.wrapper.remove();
  shown.restore();
  takeoverSlot.release(shown);
}

/** The visitor closed it: the slot is free, and the server answers with the next takeover of the queue. */
function closedByVisitor() {
  const shown = modal;
  const host = context?.host;
  if (!shown?.closable) return;
  close();
  if (host) acknowledgeOutbound(host, shown.outboundId, "closed");
}

/**
 * One modal-like takeover at a time: a server offer waits while a modal, a tour or a survey
 * shows (unacknowledged, so it is offered again); a host's own `showModal` shows unless a modal does.
 */
function show(raw: unknown) {
  const current = context;
  const outboundId = offeredOutboundId(raw);
  if (!current || modal || !document.body || (outboundId && takeoverSlot.busy())) return;
  const { host, root } = current;
  const content = readOutboundShow(raw);
  if (!content || !matchesCurrentPage(content)) return;
  const url = host.frameUrls().modal;
  const origin = frameOrigin(url);
  if (!origin) return;
  const flowConfig = host.flowConfig();
  const closable = content.data.showCloseButton !== false;
  const language = frameLanguage(host.language());

  const wrapper = document.createElement("div");
  wrapper.className = "gm-wrapper";
  wrapper.dataset.state = "loading";
  wrapper.dataset.gleapSurface = "modal";
  const radius = Math.max(0, Math.min(32, Number(flowConfig.borderRadius) || 16));
  wrapper.style.setProperty("--gm-radius", `${radius}px`);
  const backdrop = document.createElement("div");
  backdrop.className = "gm-backdrop";
  backdrop.addEventListener("click", () => {
    if (modal?.closable) closedByVisitor();
  });
  const dialog = document.createElement("div");
  dialog.className = "gm-dialog";
  const iframe = document.createElement("iframe");
  iframe.className = "gm-frame";
  iframe.src = frameSource(url, host.sdkKey);
  iframe.title = texts[language];
  iframe.setAttribute("role", "dialog");
  iframe.setAttribute("aria-modal", "true");
  iframe.setAttribute("aria-label", texts[language]);
  iframe.setAttribute("allow", "autoplay; encrypted-media; fullscreen");
  // Scripts at its own origin, nothing more: it cannot navigate the page or open windows itself.
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  dialog.append(iframe);
  wrapper.append(backdrop, dialog);

  modal = {
    wrapper,
    iframe,
    url,
    origin,
    data: {
      ...content.data,
      showCloseButton: closable,
      primaryColor: flowConfig.color || defaultPrimaryColor,
      language,
    },
    closable,
    outboundId,
    loadTimer: setTimeout(() => {
      if (modal?.wrapper === wrapper && wrapper.dataset.state === "loading") close();
    }, loadTimeoutMs),
    restore: holdPage(),
  };
  takeoverSlot.take(modal);
  root.append(wrapper);
}

function onMessage(event: MessageEvent) {
  const shown = modal;
  const host = context?.host;
  if (!shown || !host) return;
  const message = messageFromFrame(event, shown, modalToHost);
  if (!message) return;
  switch (message.name) {
    case "modal-loaded":
      postToFrame(shown, { name: "modal-data", type: "modal", data: shown.data });
      return;
    case "modal-height": {
      const height = Math.max(0, Math.ceil(message.data.height));
      if (height > 0) shown.iframe.style.height = `${height}px`;
      if (shown.wrapper.dataset.state === "loading" && height > 0) {
        shown.wrapper.dataset.state = "open";
        clearTimeout(shown.loadTimer);
        acknowledgeOutbound(host, shown.outboundId, "shown");
        // Keyboard users land in the dialog; Tab moves through its buttons.
        shown.iframe.focus({ preventScroll: true });
      }
      return;
    }
    case "modal-close":
      // The frame's own close button (shown only when closable) or its action buttons.
      close();
      acknowledgeOutbound(host, shown.outboundId, "closed");
      return;
    default:
      try {
        if (runOutboundFrameAction(host, message)) acknowledgeOutbound(host, shown.outboundId, "opened");
      } catch {
        // Spec §8: modal errors are swallowed.
      }
  }
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key === "Escape" && modal?.closable) closedByVisitor();
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  style = document.createElement("style");
  if (chunkContext.nonce) style.nonce = chunkContext.nonce;
  style.textContent = styles;
  chunkContext.root.append(style);
  window.addEventListener("message", onMessage);
  window.addEventListener("keydown", onKeyDown);
  return () => {
    window.removeEventListener("message", onMessage);
    window.removeEventListener("keydown", onKeyDown);
    close();
    style?.remove();
    style = null;
    context = null;
  };
}

export function run(command: SurfaceCommand<"modal">, args: unknown[]): void {
  if (command === "showModal") show(args[0]);
  else if (command === "closeModal") close();
}
