import type { SurfaceCommand, WidgetChunkContext, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { acknowledgeOutbound, offeredOutboundId } from "../common/outbound-acknowledgement.ts";
import {
  addNotification,
  matchesPage,
  type NotificationAction,
  readCache,
  readNotification,
  splitNews,
  withName,
  writeCache,
} from "./notification-model.ts";
import { createNotificationStack } from "./notification-stack.ts";
import { notificationStyles, stackPlacement } from "./notification-styles.ts";
import { notificationTexts } from "./notification-texts.ts";

/**
 * Lazy chunk entry of the notification stack (spec §2). The loader loads it when a notification
 * arrives (`showNotification`, or a socket action of type notification) and routes those to `run`.
 * At mount it shows the unread notifications a previous page view cached, if they are under an hour old.
 * Plain DOM (notification-stack.ts): a notification does not bring React onto the host page.
 */

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The ping sound from the main origin (`public/sounds/ping.wav`), beside the widget API. */
export function pingSoundUrl(host: WidgetHost): string | null {
  try {
    return new URL("/sounds/ping.wav", host.apiUrl()).href;
  } catch {
    return null;
  }
}

function playPing(host: WidgetHost) {
  const url = pingSoundUrl(host);
  if (!url) return;
  try {
    // A browser that blocks sound before the visitor interacted rejects the promise: nothing to do.
    void new Audio(url).play()?.catch(() => undefined);
  } catch {
    // No audio in this browser.
  }
}

let context: WidgetChunkContext | null = null;
let list: NotificationAction[] = [];
let newsIndex = 0;
let renderStack: () => void = () => undefined;

const storage = localStorageOrNull;

function update(next: NotificationAction[], { persist = true } = {}) {
  list = next;
  if (newsIndex >= splitNews(list).news.length) newsIndex = 0;
  if (persist) writeCache(storage(), list);
  renderStack();
}

/**
 * A notification the server sent, also one a
 * later page view restored from the cache; a host's own has a local id (notification-model.ts).
 */
const fromServer = (action: NotificationAction) => !action.outbound.startsWith("local-");

function clearAll() {
  newsIndex = 0;
  update([]);
}

/** The visitor dismissed the stack: every notification on it is closed. */
function dismissAll() {
  const host = context?.host;
  if (host) for (const item of list) if (fromServer(item)) acknowledgeOutbound(host, item.outbound, "closed");
  clearAll();
}

/** Opens what a notification is about: its conversation, its checklist, its news article, or the widget. */
function openTarget(action: NotificationAction) {
  const host = context?.host;
  if (!host) return;
  const { conversation, checklist, news } = action.data;
  if (conversation) host.command("openConversation", [conversation.shareToken]);
  else if (checklist) host.command("openChecklist", [checklist.id]);
  else if (news?.id) host.command("openNewsArticle", [news.id]);
  else host.command("open");
  if (fromServer(action)) acknowledgeOutbound(host, action.outbound, "opened");
  // Acted on: it is read. The widget's `open` event would clear the stack too.
  clearAll();
}

function show(raw: unknown) {
  const host = context?.host;
  if (!host) return;
  const action = readNotification(raw);
  if (!action) return;
  if (host.options().disableInAppNotifications) return;
  if (!matchesPage(action, window.location.href)) return;
  // A checklist meant to open as the widget opens there instead of stacking (the reference's rule).
  if (action.data.checklist?.popupType === "widget") {
    host.command("openChecklist", [action.data.checklist.id]);
    return;
  }
  // The messenger is open, or its panel is on screen about to open, and shows what is new itself;
  // the stack, drawn above everything, would cover the panel.
  if (host.isOpened() || host.isOpening()) return;
  const named = { ...action, data: withName(action.data, host.session()?.name) };
  const { list: next, added } = addNotification(list, named);
  update(next);
  // On the stack now: delivered. One the stack did not take (the messenger open, in-app
  // notifications off) is left unacknowledged, and the server offers it again.
  const outboundId = offeredOutboundId(raw);
  if (added && outboundId) acknowledgeOutbound(host, outboundId, "shown");
  if (added && action.sound && host.options().playSound) playPing(host);
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  const { root, events, nonce, host } = chunkContext;
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (nonce) style.nonce = nonce;
  const container = document.createElement("div");
  container.dataset.gleapSurface = "notifications";
  // First in the shadow root: the modal, added later at the same z-index, covers the stack.
  root.prepend(style, container);
  const stack = createNotificationStack({
    onOpen: openTarget,
    onNextNews: () => {
      newsIndex += 1;
      renderStack();
    },
    onDismiss: dismissAll,
  });
  container.append(stack.element);

  let styledFor = "";
  renderStack = () => {
    const flowConfig = host.flowConfig();
    const css = notificationStyles(flowConfig);
    if (css !== styledFor) {
      style.textContent = css;
      styledFor = css;
    }
    const language = host.language();
    // As for the launcher: the stack mirrors to the side the button mirrors to.
    const rtl = isRightToLeft(language, flowConfig);
    const buttonShown = host.options().showFeedbackButton !== false;
    stack.render({
      list,
      newsIndex,
      texts: notificationTexts(language, flowConfig),
      rtl,
      placement: stackPlacement(flowConfig, buttonShown, rtl),
    });
  };

  const unsubscribe = [
    events.on("open", clearAll),
    events.on("messenger-opening", (opening) => {
      if (opening === true) clearAll();
    }),
    events.on("config-changed", () => renderStack()),
    events.on("language-changed", () => renderStack()),
  ];

  // Spec §5: cached unread notifications come back only if created within the last hour.
  list = host.options().disableInAppNotifications ? [] : readCache(storage());
  newsIndex = 0;
  update(list);

  return () => {
    for (const off of unsubscribe) off();
    style.remove();
    container.remove();
    renderStack = () => undefined;
    context = null;
    list = [];
    newsIndex = 0;
  };
}

export function run(command: SurfaceCommand<"notifications">, args: unknown[]): void {
  if (command === "showNotification") show(args[0]);
}
