import type { OutboundKind } from "../../shared/inbox-api.ts";

/**
 * The kinds of outbound content the admin manages, by their URL slug. Four sources stand behind them:
 * the widget's outbound API (notifications, banners, modals, checklists, tours), the tooltip API, and
 * the messenger's own news and survey APIs, whose posts and forms keep their own status.
 */
export const contentKinds = [
  "news",
  "banners",
  "modals",
  "notifications",
  "surveys",
  "checklists",
  "tours",
  "tooltips",
] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The outbound type of a kind stored as an outbound; news, surveys and tooltips have their own APIs. */
export const outboundTypeOf: Partial<Record<ContentKind, Exclude<OutboundKind, "survey">>> = {
  banners: "banner",
  modals: "modal",
  notifications: "notification",
  checklists: "checklist",
  tours: "tour",
};

export const isContentKind = (value: string | undefined): value is ContentKind =>
  (contentKinds as readonly string[]).includes(value ?? "");

/** Kinds whose steps or targets are placed on the site itself, with the builder. */
export const builderKinds = ["tours", "tooltips"] as const satisfies readonly ContentKind[];
