import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { crossIcon } from "../common/cross-icon.ts";
import { type NoticeState, noticeShown, outboxChanged, quietNotice } from "./report-notice-model.ts";
import { reportNoticeStyles } from "./report-notice-styles.ts";
import { reportTexts } from "./report-texts.ts";

interface ReportNoticeDeps {
  root: ShadowRoot;
  nonce?: string;
  language(): string;
  flowConfig(): FlowConfig;
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

interface NoticeElements {
  box: HTMLElement;
  text: HTMLElement;
  close: HTMLButtonElement;
  style: HTMLStyleElement;
}

/** The notice's elements in the shadow root, hidden until the first render fills them. */
function buildNotice(deps: Pick<ReportNoticeDeps, "root" | "nonce">, onClose: () => void): NoticeElements {
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (deps.nonce) style.nonce = deps.nonce;
  style.textContent = reportNoticeStyles;
  const box = document.createElement("div");
  box.className = "report-notice";
  box.dataset.testid = "gleap-report-notice";
  // The words are the live region; the close button is not read out with every change.
  const text = document.createElement("span");
  text.className = "report-notice-text";
  text.setAttribute("role", "status");
  text.setAttribute("aria-live", "polite");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "report-notice-close";
  close.append(crossIcon("2.2"));
  close.addEventListener("click", onClose);
  box.append(text, close);
  deps.root.append(style, box);
  return { box, text, close, style };
}

/**
 * The visitor's view of the outbox (report-notice-model.ts), drawn into the widget's shadow root: a
 * live region that says "saved, it will be sent when you are back online", then "sent", and a close
 * button. Plain DOM, made on the first thing worth telling, so a page whose reports all arrive at
 * once has none of it.
 */
export function createReportNotice(deps: ReportNoticeDeps) {
  let state: NoticeState = quietNotice;
  let element: NoticeElements | null = null;
  let expiry: unknown = null;

  function render() {
    const shown = noticeShown(state, deps.now());
    if (!shown && !element) return;
    element ??= buildNotice(deps, () => {
      state = { ...state, dismissed: true };
      render();
    });
    const texts = reportTexts(deps.language(), deps.flowConfig());
    element.box.hidden = shown === null;
    element.box.dataset.state = shown ?? "none";
    element.box.dir = isRightToLeft(deps.language(), deps.flowConfig()) ? "rtl" : "ltr";
    element.text.textContent =
      shown === "sent" ? texts.reportSent : shown === "waiting" ? texts.reportWaiting : "";
    element.close.setAttribute("aria-label", texts.reportNoticeClose);
    // The "sent" notice goes by itself: draw again when it is over.
    if (expiry !== null) deps.clearTimeout(expiry);
    expiry = null;
    if (shown === "sent" && state.sentUntil !== null)
      expiry = deps.setTimeout(
        () => {
          expiry = null;
          render();
        },
        Math.max(0, state.sentUntil - deps.now()),
      );
  }

  return {
    /** The outbox's news (its `notify`). */
    outbox(news: { waiting: number; delivered: boolean }) {
      state = outboxChanged(state, news, deps.now());
      render();
    },
    /** The messenger opened or closed (the bus's `open`/`close`). */
    messenger(open: boolean) {
      state = { ...state, messengerOpen: open };
      render();
    },
    /** The language or the project's texts changed. */
    render,
    destroy() {
      if (expiry !== null) deps.clearTimeout(expiry);
      expiry = null;
      element?.box.remove();
      element?.style.remove();
      element = null;
    },
  };
}
