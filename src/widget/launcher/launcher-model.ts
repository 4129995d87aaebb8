import type { FlowConfig } from "../../shared/widget-config-api.ts";

/** What the badge shows: nothing at 0, the count up to 9, then "9+". */
export function badgeText(count: number): string {
  const whole = Math.floor(Number(count) || 0);
  if (whole <= 0) return "";
  return whole > 9 ? "9+" : String(whole);
}

export type LauncherKind = "modern" | "tab" | "bottom-tab";

export interface Placement {
  /** Round icon button, a text tab on the side of the page, or a text tab along the bottom edge. */
  kind: LauncherKind;
  /** The edge the button sits at (a bottom tab: the edge `buttonX` counts from), after mirroring. */
  edge: "left" | "right";
}

/**
 * Where a `feedbackButtonPosition` draws the button, or null for none. A right-to-left layout mirrors
 * left and right for every position, as the reference client's `[dir=rtl]` rules do (the classic tabs
 * included).
 */
export function placementFor(position: string, rtl: boolean): Placement | null {
  if (position === "BUTTON_NONE") return null;
  const kind: LauncherKind =
    position === "BUTTON_CLASSIC" || position === "BUTTON_CLASSIC_LEFT"
      ? "tab"
      : position === "BUTTON_CLASSIC_BOTTOM"
        ? "bottom-tab"
        : "modern";
  const left = position === "BOTTOM_LEFT" || position === "BUTTON_CLASSIC_LEFT";
  return { kind, edge: left !== rtl ? "left" : "right" };
}

/** The launcher's own texts; a project's `staticTranslations` (keyed by the English text) win. */
const texts: Record<string, Record<string, string>> = {
  de: {
    Feedback: "Feedback",
    "Open feedback": "Feedback öffnen",
    "Close feedback": "Feedback schließen",
    "1 unread message": "1 ungelesene Nachricht",
    "{count} unread messages": "{count} ungelesene Nachrichten",
  },
  ar: {
    Feedback: "ملاحظات",
    "Open feedback": "فتح الملاحظات",
    "Close feedback": "إغلاق الملاحظات",
    "1 unread message": "رسالة واحدة غير مقروءة",
    "{count} unread messages": "رسائل غير مقروءة: {count}",
  },
};

/** A launcher text in the widget language (`de-at` falls back to `de`, anything unknown to English). */
export function translate(
  key: string,
  language: string,
  config: Pick<FlowConfig, "staticTranslations">,
  count = 0,
): string {
  const own = config.staticTranslations?.[key];
  const text =
    typeof own === "string" && own
      ? own
      : (texts[language.toLowerCase().split(/[-_]/)[0] ?? ""]?.[key] ?? key);
  return text.replace("{count}", String(count));
}

/**
 * The accessible name: the action (modern) or the tab's text (classic, so the name contains what is
 * shown), then the unread messages when there are any.
 */
export function launcherLabel(
  kind: LauncherKind,
  opened: boolean,
  unread: number,
  language: string,
  config: FlowConfig,
): string {
  const action =
    kind === "modern"
      ? translate(opened ? "Close feedback" : "Open feedback", language, config)
      : tabText(language, config);
  if (unread <= 0) return action;
  const count = Math.floor(unread);
  return `${action}, ${translate(count === 1 ? "1 unread message" : "{count} unread messages", language, config, count)}`;
}

/** The classic tab's text: the reference's `widgetButtonText` when a project has one, else "Feedback". */
export function tabText(language: string, config: FlowConfig): string {
  const own = (config as FlowConfig & { widgetButtonText?: unknown }).widgetButtonText;
  return typeof own === "string" && own.trim() ? own : translate("Feedback", language, config);
}

/**
 * The modern button's corner radius from the project's `borderRadius`: the default 20 gives the
 * reference's circle (24 px on the 48 px button), smaller values a rounded square, 0 a square.
 */
export function modernRadius(borderRadius: number): number {
  const value = Number(borderRadius);
  return Number.isFinite(value) ? Math.max(0, Math.min(24, Math.round(value * 1.2))) : 24;
}

/** The classic tab's corner radius: 0.4 × `borderRadius`, as the reference draws it (8 px by default). */
export function tabRadius(borderRadius: number): number {
  const value = Number(borderRadius);
  return Number.isFinite(value) ? Math.max(0, Math.min(22, Math.round(value * 0.4))) : 8;
}

/** A pixel offset from the config, kept on screen (a bad value falls back to the default 20). */
export function offset(value: number): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.max(0, Math.round(number)) : 20;
}
