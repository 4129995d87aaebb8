import type { AdminTooltip } from "../../shared/inbox-api.ts";
import type { AdminNewsPost } from "../../shared/news-api.ts";
import type { AdminOutboundListItem } from "../../shared/outbound-stats-api.ts";
import type { AdminSurvey } from "../../shared/surveys-api.ts";
import type { ContentStatus } from "./content-list-query.ts";

/** What a content list shows of any kind: the same columns for news, surveys, outbounds and tooltips. */
export interface ContentRow {
  id: string;
  name: string;
  status: ContentStatus;
  /** The page filter as "contains /pricing", or "" for every page. */
  pages: string;
  /** Surveys: answers received. */
  responses?: number;
  /** Outbounds: visitor sessions it was shown to (acknowledged by their widgets). */
  shown?: number;
  changedAt: string;
}

/** "contains /pricing"; empty without a type or a value (the content shows on every page). */
export function pageFilterSummary(type: string, value: string): string {
  return type && value.trim() ? `${type} ${value.trim()}` : "";
}

export const outboundRow = (outbound: AdminOutboundListItem): ContentRow => ({
  id: outbound.id,
  name: outbound.name,
  status: outbound.status,
  pages: pageFilterSummary(outbound.pageFilterType, outbound.pageFilter),
  shown: outbound.shown,
  changedAt: outbound.updatedAt,
});

export const tooltipRow = (tooltip: AdminTooltip): ContentRow => ({
  id: tooltip.id,
  name: tooltip.name,
  status: tooltip.status,
  pages: pageFilterSummary(tooltip.pageType ?? "", tooltip.page ?? ""),
  changedAt: tooltip.createdAt,
});

export const newsRow = (post: AdminNewsPost): ContentRow => ({
  id: post.id,
  name: post.title,
  status: post.status,
  pages: "",
  changedAt: post.updatedAt,
});

export const surveyRow = (survey: AdminSurvey): ContentRow => ({
  id: survey.id,
  name: survey.title,
  status: survey.status,
  pages: "",
  responses: survey.responses,
  changedAt: survey.updatedAt,
});
