import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminNewsPost, NewsWrite } from "../../shared/news-api.ts";
import type { AdminSurvey, SurveyWrite } from "../../shared/surveys-api.ts";
import { contentApi } from "./content-api.ts";
import type { ContentKind } from "./content-kinds.ts";
import { type ContentListQuery, type ContentStatus, contentListApiParams } from "./content-list-query.ts";
import { type ContentRow, newsRow, outboundRow, surveyRow, tooltipRow } from "./content-row.ts";
import { type DeliveredKind, type DeliveryState, deliversRecord, deliveryRequest } from "./delivery-state.ts";

// What the list and the editors do with a record of any kind, over the four APIs behind the kinds.

export function listContent(
  projectId: string,
  kind: ContentKind,
  query: ContentListQuery,
): Promise<ListPage<ContentRow>> {
  const params = contentListApiParams(kind, query);
  const rows = <T>(page: ListPage<T>, row: (item: T) => ContentRow) => ({
    ...page,
    items: page.items.map(row),
  });
  switch (kind) {
    case "news":
      return contentApi.news.list(projectId, params).then((page) => rows(page, newsRow));
    case "surveys":
      return contentApi.surveys.list(projectId, params).then((page) => rows(page, surveyRow));
    case "tooltips":
      return contentApi.tooltips.list(projectId, params).then((page) => rows(page, tooltipRow));
    default:
      return contentApi.outboundList(projectId, params).then((page) => rows(page, outboundRow));
  }
}

/** The delivery outbound of a news post or survey, or null when it has none. */
export async function findDelivery(
  projectId: string,
  kind: DeliveredKind,
  id: string,
): Promise<AdminOutbound | null> {
  const type = kind === "surveys" ? "survey" : "notification";
  const page = await contentApi.outboundsOfType(projectId, type);
  return page.items.find((outbound) => deliversRecord(kind, outbound, id)) ?? null;
}

/**
 * A stored post written back with another status: everything it has, its editor's documents and its
 * other languages included (a full PUT that left them out would drop them).
 */
export const newsWrite = (post: AdminNewsPost, status: ContentStatus): NewsWrite => ({
  title: post.title,
  preview: post.preview,
  body: post.body,
  bodyDoc: post.bodyDoc,
  coverImageUrl: post.coverImageUrl,
  authorName: post.authorName,
  status,
  translations: { de: post.translations.de ?? null, ar: post.translations.ar ?? null },
});

export const surveyWrite = (survey: AdminSurvey, status: ContentStatus): SurveyWrite => ({
  title: survey.title,
  description: survey.description,
  questions: survey.questions,
  allowMultipleAnswers: survey.allowMultipleAnswers,
  thankYouMessage: survey.thankYouMessage,
  status,
});

/** A delivery follows its record: live together, draft together. */
async function setDeliveryStatus(projectId: string, kind: DeliveredKind, id: string, status: ContentStatus) {
  const delivery = await findDelivery(projectId, kind, id);
  if (!delivery || delivery.status === status) return;
  if (status === "live") await contentApi.outbounds.publish(projectId, delivery.id);
  else await contentApi.outbounds.unpublish(projectId, delivery.id);
}

/**
 * Publishes or unpublishes one record. News and surveys keep their status in the record (a full PUT)
 * and take their delivery along; outbounds and tooltips have their own publish routes, through which
 * the server pushes the content to connected widgets.
 */
export async function setContentStatus(
  projectId: string,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
): Promise<void> {
  if (kind === "news" || kind === "surveys") {
    if (kind === "news") {
      const post = await contentApi.news.get(projectId, id);
      await contentApi.news.update(projectId, id, newsWrite(post, status));
    } else {
      const survey = await contentApi.surveys.get(projectId, id);
      await contentApi.surveys.update(projectId, id, surveyWrite(survey, status));
    }
    await setDeliveryStatus(projectId, kind, id, status);
    return;
  }
  const api = kind === "tooltips" ? contentApi.tooltips : contentApi.outbounds;
  await (status === "live" ? api.publish(projectId, id) : api.unpublish(projectId, id));
}

/** Deletes one record, and a news post's or survey's delivery with it (it would point at nothing). */
export async function deleteContent(projectId: string, kind: ContentKind, id: string): Promise<void> {
  if (kind === "news" || kind === "surveys") {
    const delivery = await findDelivery(projectId, kind, id);
    await (kind === "news" ? contentApi.news : contentApi.surveys).remove(projectId, id);
    if (delivery) await contentApi.outbounds.remove(projectId, delivery.id);
    return;
  }
  await (kind === "tooltips" ? contentApi.tooltips : contentApi.outbounds).remove(projectId, id);
}

/**
 * Stores a news post's or survey's delivery after the record was saved: created, replaced or removed
 * as the form says, and live exactly when the record is. Answers the delivery as it now is.
 */
export async function saveDelivery(
  projectId: string,
  kind: DeliveredKind,
  record: AdminNewsPost | AdminSurvey,
  delivery: DeliveryState,
  existing: AdminOutbound | null,
): Promise<AdminOutbound | null> {
  if (!delivery.enabled) {
    if (existing) await contentApi.outbounds.remove(projectId, existing.id);
    return null;
  }
  const body = deliveryRequest(kind, record, delivery, existing);
  let stored = existing
    ? await contentApi.outbounds.update(projectId, existing.id, body)
    : await contentApi.outbounds.create(projectId, body);
  if (stored.status !== record.status) {
    stored = await (record.status === "live"
      ? contentApi.outbounds.publish(projectId, stored.id)
      : contentApi.outbounds.unpublish(projectId, stored.id));
  }
  return stored;
}
