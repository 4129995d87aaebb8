import { modalToHost } from "../../shared/frame-messages.ts";
import type { TakeoverSlot } from "../../shared/takeover-slot.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { acknowledgeOutbound } from "../common/outbound-acknowledgement.ts";
import { setImportant } from "../common/outbound-frame.ts";
import {
  createOutboundFrameChunk,
  type FrameOffer,
  frameContent,
  type OutboundFrame,
} from "../common/outbound-frame-chunk.ts";

/**
 * Lazy chunk entry of the modal (spec §2 "Modal"): an iframe of the modal frame app
 * (`host.frameUrls().modal`) in a dialog over a backdrop, at most 600 px wide. A click on the backdrop
 * (or Escape) closes it unless `showCloseButton` is false. Plain DOM, in the widget's shadow root; the
 * only change to the page itself is `overflow: hidden` on `<body>` while it is open (put back after)
 * and the reference's `gleap-modal-open` class.
 */

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

interface ShownModal extends OutboundFrame {
  wrapper: HTMLElement;
  closable: boolean;
  /** Gives the page back its scroll and its focus. */
  restore: () => void;
  /** The slot it holds while it shows (the host's). */
  takeover: TakeoverSlot;
}

let style: HTMLStyleElement | null = null;

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

/** The visitor closed it (backdrop, Escape): only a closable modal goes. */
function closedByVisitor() {
  if (chunk.current()?.closable) chunk.closeByVisitor();
}

/** The dialog over its backdrop; `loading` keeps it hidden until the frame has a height. */
function modalWrapper(borderRadius: unknown, iframe: HTMLIFrameElement): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = "gm-wrapper";
  wrapper.dataset.state = "loading";
  wrapper.dataset.gleapSurface = "modal";
  const radius = Math.max(0, Math.min(32, Number(borderRadius) || 16));
  wrapper.style.setProperty("--gm-radius", `${radius}px`);
  const backdrop = document.createElement("div");
  backdrop.className = "gm-backdrop";
  backdrop.addEventListener("click", closedByVisitor);
  const dialog = document.createElement("div");
  dialog.className = "gm-dialog";
  dialog.append(iframe);
  wrapper.append(backdrop, dialog);
  return wrapper;
}

function openModal(
  { host, root }: WidgetChunkContext,
  offer: FrameOffer,
  iframe: HTMLIFrameElement,
  loadTimer: ReturnType<typeof setTimeout>,
): ShownModal {
  const closable = offer.content.data.showCloseButton !== false;
  const wrapper = modalWrapper(host.flowConfig().borderRadius, iframe);
  const shown: ShownModal = {
    wrapper,
    iframe,
    url: offer.url,
    origin: offer.origin,
    data: frameContent(host, offer, { showCloseButton: closable }),
    closable,
    outboundId: offer.outboundId,
    loadTimer,
    restore: holdPage(),
    takeover: host.takeover,
  };
  host.takeover.take(shown);
  root.append(wrapper);
  return shown;
}

/**
 * One modal-like takeover at a time: a server offer waits while a modal, a tour or a survey
 * shows (unacknowledged, so it is offered again); a host's own `showModal` shows unless a modal does.
 * A frame that never says it loaded is taken away, so a modal without a close button cannot trap the page.
 */
const chunk = createOutboundFrameChunk({
  kind: "modal",
  schemas: modalToHost,
  titles: { en: "Message", de: "Nachricht", ar: "رسالة" },
  frameAttributes: (title) => ({
    class: "gm-frame",
    role: "dialog",
    "aria-modal": "true",
    "aria-label": title,
    allow: "autoplay; encrypted-media; fullscreen",
  }),
  mayShow: (offer, host) => !(offer.outboundId && host.takeover.busy()),
  open: openModal,
  revealed: (shown: ShownModal) => shown.wrapper.dataset.state !== "loading",
  onMessage(shown, message, host) {
    if (message.name !== "modal-height") return false;
    const height = Math.max(0, Math.ceil(message.data.height));
    if (height > 0) shown.iframe.style.height = `${height}px`;
    if (shown.wrapper.dataset.state === "loading" && height > 0) {
      shown.wrapper.dataset.state = "open";
      clearTimeout(shown.loadTimer);
      acknowledgeOutbound(host, shown.outboundId, "shown");
      // Keyboard users land in the dialog; Tab moves through its buttons.
      shown.iframe.focus({ preventScroll: true });
    }
    return true;
  },
  remove(shown) {
    shown.wrapper.remove();
    shown.restore();
    shown.takeover.release(shown);
  },
});

function onKeyDown(event: KeyboardEvent) {
  if (event.key === "Escape") closedByVisitor();
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  style = document.createElement("style");
  if (chunkContext.nonce) style.nonce = chunkContext.nonce;
  style.textContent = styles;
  chunkContext.root.append(style);
  const unmount = chunk.mount(chunkContext);
  window.addEventListener("keydown", onKeyDown);
  return () => {
    window.removeEventListener("keydown", onKeyDown);
    unmount();
    style?.remove();
    style = null;
  };
}

export function run(command: SurfaceCommand<"modal">, args: unknown[]): void {
  if (command === "showModal") chunk.show(args[0]);
  else if (command === "closeModal") chunk.close();
}
