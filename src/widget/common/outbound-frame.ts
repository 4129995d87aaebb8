import {
  type BannerToHostMessage,
  type bannerToHost,
  frameMessageText,
  fromFrame,
  type HostToBannerMessage,
  type HostToModalMessage,
  type MessageOf,
  type ModalToHostMessage,
  type modalToHost,
  parseFrameMessage,
} from "../../shared/frame-messages.ts";
import { matchesPageFilter } from "../../shared/page-filter.ts";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { baseLanguage } from "../../shared/widget-language.ts";

/**
 * What the banner and the modal chunks share on the host side: reading what `showBanner`/`showModal`
 * were given, the page filter, talking to the frame, and the actions their buttons ask for (spec §7
 * "Banner and modal frames"). Both chunks import this file through `outbound-frame-chunk.ts`; the build
 * puts them in a chunk both load.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface OutboundShow {
  /** The content the frame renders (`banner-data` / `modal-data`). */
  data: Record<string, unknown>;
  format?: string;
  pageFilter: string;
  pageFilterType: string;
}

/**
 * `showBanner(x)` and `showModal(x)` take a socket action (`{actionType, format?, data, pageFilter,
 * pageFilterType}`), the reference's modal action (`{config}`), or the content itself.
 */
export function readOutboundShow(raw: unknown): OutboundShow | null {
  if (!isRecord(raw)) return null;
  const isAction = typeof raw.actionType === "string" || isRecord(raw.config) || isRecord(raw.data);
  const content = isAction ? (isRecord(raw.data) ? raw.data : isRecord(raw.config) ? raw.config : null) : raw;
  if (!content) return null;
  const format =
    typeof raw.format === "string"
      ? raw.format
      : typeof content.format === "string"
        ? content.format
        : undefined;
  return {
    data: format === undefined ? { ...content } : { ...content, format },
    format,
    pageFilter: isAction && typeof raw.pageFilter === "string" ? raw.pageFilter : "",
    pageFilterType: isAction && typeof raw.pageFilterType === "string" ? raw.pageFilterType : "",
  };
}

/** Spec §5: actions do nothing where their page filter does not match the current address. */
export const matchesCurrentPage = (show: OutboundShow) =>
  matchesPageFilter(window.location.href, show.pageFilter, show.pageFilterType);

/**
 * Addresses a frame may ask the host to open: web pages, mail and phone links, and paths of the host
 * page. A `javascript:` or `data:` address is refused even from our own frame.
 */
export function openableUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return ["http:", "https:", "mailto:", "tel:"].includes(parsed.protocol);
  } catch {
    return false;
  }
}

/** What both chunks keep about the frame they show. */
export interface ShownFrame {
  iframe: HTMLIFrameElement;
  url: string;
  /** The frame's exact origin: messages go to it only. */
  origin: string;
  /** The content, sent when the frame says it has loaded. */
  data: Record<string, unknown>;
}

export function postToFrame(shown: ShownFrame, message: HostToBannerMessage | HostToModalMessage) {
  try {
    // To the frame's exact origin: the content never goes to whatever the iframe was navigated to.
    shown.iframe.contentWindow?.postMessage(frameMessageText(message), shown.origin);
  } catch {
    // Spec §8: failures towards the frame are swallowed.
  }
}

/**
 * The message of `event` when it comes from the shown frame's own window at its origin (not just "an
 * origin the URL contains") and is one of `schemas`; null for anything else.
 */
export function messageFromFrame<T extends typeof bannerToHost | typeof modalToHost>(
  event: MessageEvent,
  shown: ShownFrame,
  schemas: T,
): MessageOf<T> | null {
  const source = shown.iframe.contentWindow;
  if (!source || !fromFrame(event, shown.url, source)) return null;
  return parseFrameMessage(event.data, schemas);
}

/** Runs a button's action (the reference's list, spec §7); answers whether the message was one. */
export function runOutboundFrameAction(
  host: WidgetHost,
  message: BannerToHostMessage | ModalToHostMessage,
): boolean {
  switch (message.name) {
    case "start-conversation":
      host.command("startBot", [message.data?.botId ?? ""]);
      return true;
    case "start-custom-action":
      host.triggerCustomAction(message.data.action);
      return true;
    case "open-url":
      if (openableUrl(message.data)) host.openUrl(message.data, message.newTab === true);
      return true;
    case "show-form":
      host.command("startFeedbackFlow", [message.data.formId]);
      return true;
    case "show-survey":
      host.command("showSurvey", [message.data.formId, message.data.surveyFormat ?? undefined]);
      return true;
    case "show-news-article":
      host.command("openNewsArticle", [message.data.articleId]);
      return true;
    case "show-help-article":
      host.command("openHelpCenterArticle", [message.data.articleId]);
      return true;
    case "show-checklist":
      host.command("startChecklist", [message.data.checklistId, true, message.data.sharedKey ?? undefined]);
      return true;
    default:
      return false;
  }
}

/** The frame's origin, or null for an address that has none (then nothing is posted or accepted). */
export function frameOrigin(url: string): string | null {
  try {
    const origin = new URL(url, window.location.href).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** Sets inline declarations with `!important`: a host rule like `* { all: unset !important }` loses to them. */
export function setImportant(element: HTMLElement, declarations: Record<string, string>) {
  for (const [property, value] of Object.entries(declarations)) {
    element.style.setProperty(property, value, "important");
  }
}

/** The widget's language, reduced to the frames' three (English, German, Arabic; others English). */
export function frameLanguage(language: string): "en" | "de" | "ar" {
  const base = baseLanguage(language);
  return base === "de" || base === "ar" ? base : "en";
}
