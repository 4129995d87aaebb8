/**
 * What the banner and the modal frames render from the data the host sends them: the buttons and what
 * each asks of the host (spec §7: start-conversation, start-custom-action, open-url, show-form,
 * show-survey, show-news-article, show-help-article, show-checklist), the brand colour and the texts.
 *
 * A button in the stored content is `{text, action, style?}` plus the field its action needs:
 * `botId`, `customAction`, `url` and `newTab`, `formId` and `surveyFormat`, `articleId`,
 * `checklistId` and `sharedKey`. The action `close` only closes; `none` does nothing.
 */

import { baseLanguage, isRightToLeftLanguage } from "../../shared/widget-language.ts";

export const buttonActions = [
  "none",
  "close",
  "start-conversation",
  "start-custom-action",
  "open-url",
  "show-form",
  "show-survey",
  "show-news-article",
  "show-help-article",
  "show-checklist",
] as const;
export type ButtonAction = (typeof buttonActions)[number];

export interface OutboundButton {
  text: string;
  action: ButtonAction;
  style: "primary" | "secondary";
  botId?: string;
  customAction?: string;
  url?: string;
  newTab?: boolean;
  formId?: string;
  surveyFormat?: string;
  articleId?: string;
  checklistId?: string;
  sharedKey?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** At most three buttons, each with a label and a known action; anything else is left out. */
export function readButtons(raw: unknown): OutboundButton[] {
  if (!Array.isArray(raw)) return [];
  const buttons: OutboundButton[] = [];
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const label = text(item.text);
    const action = (buttonActions as readonly string[]).includes(String(item.action))
      ? (item.action as ButtonAction)
      : undefined;
    if (!label || !action) continue;
    buttons.push({
      text: label,
      action,
      style: item.style === "secondary" ? "secondary" : "primary",
      botId: text(item.botId),
      customAction: text(item.customAction),
      url: text(item.url),
      newTab: item.newTab === true,
      formId: text(item.formId),
      surveyFormat: text(item.surveyFormat),
      articleId: text(item.articleId),
      checklistId: text(item.checklistId),
      sharedKey: text(item.sharedKey),
    });
  }
  return buttons.slice(0, 3);
}

export type ActionMessage = { name: string; data?: unknown; newTab?: boolean };

/** The message a button sends the host, or null when it has nothing to ask (close, none, a missing id). */
export function actionMessage(button: OutboundButton): ActionMessage | null {
  switch (button.action) {
    case "start-conversation":
      return { name: "start-conversation", data: { botId: button.botId ?? "" } };
    case "start-custom-action":
      return button.customAction
        ? { name: "start-custom-action", data: { action: button.customAction } }
        : null;
    case "open-url":
      return button.url ? { name: "open-url", data: button.url, newTab: button.newTab === true } : null;
    case "show-form":
      return button.formId ? { name: "show-form", data: { formId: button.formId } } : null;
    case "show-survey":
      return button.formId
        ? {
            name: "show-survey",
            data: { formId: button.formId, surveyFormat: button.surveyFormat ?? "survey" },
          }
        : null;
    case "show-news-article":
      return button.articleId ? { name: "show-news-article", data: { articleId: button.articleId } } : null;
    case "show-help-article":
      return button.articleId ? { name: "show-help-article", data: { articleId: button.articleId } } : null;
    case "show-checklist":
      return button.checklistId
        ? { name: "show-checklist", data: { checklistId: button.checklistId, sharedKey: button.sharedKey } }
        : null;
    default:
      return null;
  }
}

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A `#rgb` or `#rrggbb` colour, else the fallback: the colour goes into CSS. */
export const safeColor = (value: unknown, fallback: string) =>
  typeof value === "string" && hexColor.test(value.trim()) ? value.trim() : fallback;

/** Spec §9: dark text on a colour whose brightness is 160 or more, else white. */
export function textOn(color: string): string {
  let hex = color.replace("#", "");
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
  return (r * 299 + g * 587 + b * 114) / 1000 >= 160 ? "#111827" : "#FFFFFF";
}

const texts = {
  en: { close: "Close", banner: "Announcement", dialog: "Message" },
  de: { close: "Schließen", banner: "Ankündigung", dialog: "Nachricht" },
  ar: { close: "إغلاق", banner: "إعلان", dialog: "رسالة" },
};

/**
 * The frame's language: the host sends the widget's (English, German or Arabic); without it the
 * browser's decides, reduced to those three.
 */
export function frameLanguage(language: unknown): keyof typeof texts {
  const chosen = typeof language === "string" && language !== "" ? language : navigator.language;
  const base = baseLanguage(chosen);
  return base === "de" || base === "ar" ? base : "en";
}

export const frameTexts = (language: unknown) => texts[frameLanguage(language)];

/** Sets the frame document's language and direction (Arabic mirrors the bar and the dialog). */
export function applyFrameLanguage(language: unknown) {
  const lang = frameLanguage(language);
  document.documentElement.lang = lang;
  document.documentElement.dir = isRightToLeftLanguage(lang) ? "rtl" : "ltr";
}
