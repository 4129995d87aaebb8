import type { AdminOutbound, Audience, OutboundWrite } from "../../shared/inbox-api.ts";
import type { AdminNewsPost } from "../../shared/news-api.ts";
import type { PageFilterType } from "../../shared/page-filter.ts";
import type { AdminSurvey } from "../../shared/surveys-api.ts";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { isRecord } from "./config-model.ts";
import { type TargetingState, targetingRules } from "./outbound-form-state.ts";
import {
  type ScheduleState,
  scheduleFromRecord,
  scheduleRequest,
  scheduleRules,
  unscheduled,
} from "./schedule-state.ts";

/**
 * News posts and surveys live in the messenger's own tables, which know nothing of pages or audiences.
 * They reach visitors as they browse through an outbound that points at them (the "delivery"): a
 * survey outbound (`config.formId`) pops the survey up; a notification (`config.news.id`) announces a
 * post, as the demo's news notification does. The editor keeps one delivery per post or survey and
 * publishes and unpublishes it together with its record.
 */
export type DeliveredKind = "news" | "surveys";

export interface DeliveryState extends TargetingState {
  /** Whether the record is pushed to visitors at all (else only the messenger's tabs and links show it). */
  enabled: boolean;
  /** Surveys: `survey` (the widget's survey card) or `survey_full` (full screen). */
  format: "survey" | "survey_full";
  /** Priority, frequency, start and end of the delivery (a survey takes the modal-like slot). */
  schedule: ScheduleState;
}

/** A survey is shown to the visitors it fits by default; a news post appears in the News tab, announced only when asked. */
export const emptyDelivery = (kind: DeliveredKind): DeliveryState => ({
  enabled: kind === "surveys",
  pageFilterType: "",
  pageFilter: "",
  audience: "all",
  format: "survey",
  schedule: unscheduled,
});

/** Whether `outbound` is the delivery of record `id`. */
export function deliversRecord(kind: DeliveredKind, outbound: AdminOutbound, id: string): boolean {
  if (kind === "surveys") return outbound.type === "survey" && outbound.config.formId === id;
  const news = outbound.config.news;
  return outbound.type === "notification" && isRecord(news) && news.id === id;
}

export function deliveryFromOutbound(outbound: AdminOutbound | null, kind: DeliveredKind): DeliveryState {
  if (!outbound) return { ...emptyDelivery(kind), enabled: false };
  return {
    enabled: true,
    pageFilterType: (outbound.pageFilterType || "") as PageFilterType | "",
    pageFilter: outbound.pageFilter,
    audience: (outbound.audience ?? "all") as Audience,
    format: outbound.config.format === "survey_full" ? "survey_full" : "survey",
    schedule: scheduleFromRecord(outbound),
  };
}

/** The delivery outbound's body for the record as saved. */
export function deliveryRequest(
  kind: DeliveredKind,
  record: AdminNewsPost | AdminSurvey,
  delivery: DeliveryState,
  existing: AdminOutbound | null,
): OutboundWrite {
  const targeting = {
    pageFilter: delivery.pageFilterType ? delivery.pageFilter.trim() : "",
    pageFilterType: delivery.pageFilterType,
    audience: delivery.audience,
    ...scheduleRequest(delivery.schedule),
  };
  if (kind === "surveys") {
    return {
      type: "survey",
      name: record.title.slice(0, 256),
      config: { ...existing?.config, formId: record.id, format: delivery.format },
      ...targeting,
    };
  }
  const post = record as AdminNewsPost;
  return {
    type: "notification",
    name: post.title.slice(0, 256),
    config: {
      ...existing?.config,
      text: post.title.slice(0, 4096),
      news: { id: post.id },
      ...(post.preview ? { previewText: post.preview } : {}),
      ...(post.coverImageUrl ? { coverImageUrl: post.coverImageUrl } : {}),
      ...(post.authorName ? { sender: { name: post.authorName, firstName: post.authorName } } : {}),
    },
    ...targeting,
  };
}

export function validateDelivery(delivery: DeliveryState): FieldErrors {
  return delivery.enabled
    ? { ...targetingRules(delivery, "delivery."), ...scheduleRules(delivery.schedule, "delivery.") }
    : {};
}
