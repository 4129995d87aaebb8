import { button, element } from "../common/element-builders.ts";
import { appendSafeInlineHtml, plainText, safeImageUrl } from "./notification-html.ts";
import { checklistProgress, type NotificationAction, splitNews } from "./notification-model.ts";
import type { StackPlacement } from "./notification-styles.ts";
import type { NotificationTexts } from "./notification-texts.ts";

/**
 * The floating stack of spec §2, drawn with plain DOM: a close control, then the news (one at a time,
 * with a page indicator and Next or Done), then the chat and checklist notifications. Every
 * notification is one button that opens what it is about.
 *
 * Plain DOM on purpose: one notification used to bring the 55 KB brotli React DOM chunk onto
 * the host page. A redraw keeps the elements it already has: a notification's element stays while it
 * is on the stack (its entrance animation plays once), and the news card and its Next button are one
 * element for every page of the news, so focus stays on Next as it turns into Done.
 */

export interface NotificationStackState {
  list: readonly NotificationAction[];
  newsIndex: number;
  texts: NotificationTexts;
  rtl: boolean;
  placement: StackPlacement;
}

export interface NotificationStackActions {
  onOpen(action: NotificationAction): void;
  onNextNews(): void;
  onDismiss(): void;
}

export interface NotificationStack {
  readonly element: HTMLElement;
  render(state: NotificationStackState): void;
}

const svgNs = "http://www.w3.org/2000/svg";

/** An icon drawn with presentation attributes (a nonce-only style-src allows those, not `style`). */
function icon(viewBox: string, d: string, strokeWidth: string, fill?: string): SVGSVGElement {
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", viewBox);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (fill) svg.setAttribute("fill", fill);
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", d);
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", strokeWidth);
  path.setAttribute("stroke-linecap", "round");
  if (fill) path.setAttribute("stroke-linejoin", "round");
  svg.append(path);
  return svg;
}

function image(className: string, src: string): HTMLImageElement {
  const node = element("img", className);
  node.src = src;
  node.alt = "";
  return node;
}

function chatNotification(action: NotificationAction, onOpen: () => void): HTMLButtonElement {
  const { sender, text } = action.data;
  const item = button("gn-item gn-chat", onOpen);
  item.dataset.kind = "chat";
  const avatar = safeImageUrl(sender?.profileImageUrl);
  if (avatar) item.append(image("gn-avatar", avatar));
  const bubble = element("span", "gn-bubble");
  if (sender?.name) bubble.append(element("span", "gn-sender", sender.name));
  bubble.append(appendSafeInlineHtml(element("span", "gn-content"), text));
  item.append(bubble);
  return item;
}

/** A checklist's card, and its progress text (in the widget's language) to refresh on a redraw. */
function checklistNotification(action: NotificationAction, onOpen: () => void) {
  const checklist = action.data.checklist;
  const progress = checklist ? checklistProgress(checklist) : 0;
  const item = button("gn-item gn-card gn-checklist", onOpen);
  item.dataset.kind = "checklist";
  const fill = element("span", "gn-bar-fill");
  // The CSSOM, not a style attribute: a host's nonce-only style-src allows it.
  fill.style.width = `${progress}%`;
  const bar = element("span", "gn-bar", fill);
  bar.setAttribute("aria-hidden", "true");
  const progressText = element("span", "gn-visually-hidden");
  const body = element("span", "gn-card-body", element("span", "gn-title", plainText(action.data.text)), bar);
  body.append(progressText);
  if (checklist?.nextStepTitle) {
    const arrow = icon("0 0 24 24", "M4 12h16m0 0-6-6m6 6-6 6", "2", "none");
    body.append(element("span", "gn-step", arrow, element("span", "", plainText(checklist.nextStepTitle))));
  }
  item.append(body);
  return {
    item,
    update: (texts: NotificationTexts) => (progressText.textContent = texts.progress(progress)),
  };
}

/** What a news card's button shows: the cover, the title, and the preview or else the sender. */
function newsContent(action: NotificationAction): Element[] {
  const { coverImageUrl, previewText, sender, text } = action.data;
  // The reference leaves out its editor's stand-in image.
  const cover = coverImageUrl?.includes("NewsImagePlaceholder") ? undefined : safeImageUrl(coverImageUrl);
  const body = element("span", "gn-card-body", element("span", "gn-title", plainText(text)));
  if (previewText) body.append(appendSafeInlineHtml(element("span", "gn-preview"), previewText));
  else if (sender?.name) {
    const avatar = safeImageUrl(sender.profileImageUrl);
    const line = element("span", "gn-news-sender");
    if (avatar) line.append(image("", avatar));
    line.append(sender.name);
    body.append(line);
  }
  return [...(cover ? [image("gn-cover", cover)] : []), body];
}

/** Puts `wanted` into `parent` in order, moving or removing only what differs (focus and animations stay). */
function reconcile(parent: Element, wanted: readonly Element[]) {
  const keep = new Set(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((child, index) => {
    const current = parent.children[index] ?? null;
    if (current !== child) parent.insertBefore(child, current);
  });
}

export function createNotificationStack(actions: NotificationStackActions): NotificationStack {
  const section = element("section", "gn-stack");
  section.setAttribute("aria-live", "polite");
  section.hidden = true;

  const close = button("gn-close", () => actions.onDismiss());
  close.append(icon("0 0 12 12", "M1.5 1.5l9 9m0-9-9 9", "1.8"));

  // The news card: one element for every page of the news.
  let currentNews: NotificationAction | null = null;
  let lastNews = false;
  const news = element("article", "gn-item gn-card gn-news");
  news.dataset.kind = "news";
  const openNews = button("gn-open", () => {
    if (currentNews) actions.onOpen(currentNews);
  });
  const pageShown = element("span", "");
  pageShown.setAttribute("aria-hidden", "true");
  const pageLabel = element("span", "gn-visually-hidden");
  const next = button("gn-next", () => (lastNews ? actions.onDismiss() : actions.onNextNews()));
  const pages = element("span", "gn-pages", element("span", "gn-page", pageShown, pageLabel), next);
  let drawnNews: NotificationAction | null = null;

  const drawNews = (action: NotificationAction) => {
    if (drawnNews === action) return;
    drawnNews = action;
    openNews.replaceChildren(...newsContent(action));
  };

  /** The chat and checklist cards on the stack, by outbound id. */
  const cards = new Map<string, { item: HTMLElement; update(texts: NotificationTexts): void }>();

  const render = ({ list, newsIndex, texts, rtl, placement }: NotificationStackState) => {
    const { news: newsList, others } = splitNews(list);
    section.dir = rtl ? "rtl" : "ltr";
    section.dataset.side = placement.side;
    section.style.setProperty("--gn-bottom", `${placement.bottom}px`);
    section.style.setProperty("--gn-inset", `${placement.inset}px`);
    section.setAttribute("aria-label", texts.region);
    section.hidden = list.length === 0;
    close.setAttribute("aria-label", texts.dismiss);

    const wanted: HTMLElement[] = list.length > 0 ? [close] : [];
    const index = newsIndex < newsList.length ? newsIndex : 0;
    currentNews = newsList[index] ?? null;
    if (currentNews) {
      drawNews(currentNews);
      const total = newsList.length;
      lastNews = index >= total - 1;
      if (total > 1) {
        pageShown.textContent = texts.page(index + 1, total);
        pageLabel.textContent = texts.pageLabel(index + 1, total);
        next.textContent = lastNews ? texts.done : texts.next;
        reconcile(news, [openNews, pages]);
      } else reconcile(news, [openNews]);
      wanted.push(news);
    } else drawnNews = null;

    const shown = new Set<string>();
    for (const action of others) {
      shown.add(action.outbound);
      let card = cards.get(action.outbound);
      if (!card) {
        const onOpen = () => actions.onOpen(action);
        card = action.data.checklist
          ? checklistNotification(action, onOpen)
          : { item: chatNotification(action, onOpen), update: () => undefined };
        cards.set(action.outbound, card);
      }
      card.update(texts);
      wanted.push(card.item);
    }
    for (const outbound of [...cards.keys()]) if (!shown.has(outbound)) cards.delete(outbound);
    reconcile(section, wanted);
  };

  return { element: section, render };
}
