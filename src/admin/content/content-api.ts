import type { BuilderDraftAnswer } from "../../shared/builder-drafts-api.ts";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import type { SharedKeyResult } from "../../shared/checklist-shared-key-api.ts";
import type {
  AdminOutbound,
  AdminTooltip,
  OutboundKind,
  OutboundWrite,
  TooltipWrite,
} from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminNewsPost, NewsWrite } from "../../shared/news-api.ts";
import type { AdminOutboundListItem, OutboundStats } from "../../shared/outbound-stats-api.ts";
import type { AdminProject } from "../../shared/projects-api.ts";
import type { PublishPreview } from "../../shared/publish-preview-api.ts";
import type { AdminSurvey, SurveyResponse, SurveyResults, SurveyWrite } from "../../shared/surveys-api.ts";
import { api } from "../api/api-client.ts";

const segment = encodeURIComponent;
const projectPath = (projectId: string) => `/api/projects/${segment(projectId)}`;

/** A list answer as a page; a route that answers a plain array (every row at once) is paged here. */
export function asPage<T>(answer: ListPage<T> | T[], page: number, pageSize: number): ListPage<T> {
  if (!Array.isArray(answer)) return answer;
  return {
    items: answer.slice((page - 1) * pageSize, page * pageSize),
    total: answer.length,
    page,
    pageSize,
  };
}

/**
 * One REST collection under a project (`outbounds`, `tooltips`, `news`, `surveys`): list, read,
 * create, replace, delete. `publish` and `unpublish` exist only where the API has them (outbounds,
 * tooltips); news and surveys carry their status in the body.
 */
function collection<Record, Write extends object>(name: string) {
  const base = (projectId: string) => `${projectPath(projectId)}/${name}`;
  const item = (projectId: string, id: string) => `${base(projectId)}/${segment(id)}`;
  return {
    list: async (projectId: string, params: URLSearchParams) => {
      const answer = await api<ListPage<Record> | Record[]>(`${base(projectId)}?${params}`);
      return asPage(answer, Number(params.get("page") ?? 1), Number(params.get("pageSize") ?? 25));
    },
    get: (projectId: string, id: string) => api<Record>(item(projectId, id)),
    create: (projectId: string, body: Write) =>
      api<Record>(base(projectId), { method: "POST", body: body as { [key: string]: unknown } }),
    update: (projectId: string, id: string, body: Write) =>
      api<Record>(item(projectId, id), { method: "PUT", body: body as { [key: string]: unknown } }),
    remove: (projectId: string, id: string) => api<void>(item(projectId, id), { method: "DELETE" }),
    publish: (projectId: string, id: string) =>
      api<Record>(`${item(projectId, id)}/publish`, { method: "POST" }),
    unpublish: (projectId: string, id: string) =>
      api<Record>(`${item(projectId, id)}/unpublish`, { method: "POST" }),
  };
}

/** Where an item's builder draft is: tours are outbounds, tooltips their own collection. */
const builderDraftPath = (projectId: string, kind: BuilderKind, id: string) =>
  `${projectPath(projectId)}/${kind === "tour" ? "outbounds" : "tooltips"}/${segment(id)}/builder-draft`;

/**
 * The admin's calls for outbound content (src/shared/inbox-api.ts, news-api.ts and surveys-api.ts list
 * the routes).
 */
export const contentApi = {
  projects: () => api<ListPage<AdminProject>>("/api/projects?pageSize=100"),
  outbounds: collection<AdminOutbound, OutboundWrite>("outbounds"),
  /** The outbound list with each row's shown count (src/shared/outbound-stats-api.ts). */
  outboundList: (projectId: string, params: URLSearchParams) =>
    collection<AdminOutboundListItem, OutboundWrite>("outbounds").list(projectId, params),
  /** An outbound's acknowledged reach: totals and the last 30 days. */
  outboundStats: (projectId: string, id: string) =>
    api<OutboundStats>(`${projectPath(projectId)}/outbounds/${segment(id)}/stats`),
  tooltips: collection<AdminTooltip, TooltipWrite>("tooltips"),
  news: collection<AdminNewsPost, NewsWrite>("news"),
  surveys: collection<AdminSurvey, SurveyWrite>("surveys"),
  surveyResults: (projectId: string, id: string) =>
    api<SurveyResults>(`${projectPath(projectId)}/surveys/${segment(id)}/results`),
  /** A page of the survey's answers one respondent at a time, newest first. */
  surveyResponses: (projectId: string, id: string, page: number, pageSize: number) =>
    api<ListPage<SurveyResponse>>(
      `${projectPath(projectId)}/surveys/${segment(id)}/responses?sort=-createdAt&page=${page}&pageSize=${pageSize}`,
    ),
  /** Every outbound of a type (the first 100, newest first): where a news post's or survey's delivery is looked up. */
  outboundsOfType: (projectId: string, type: OutboundKind) =>
    contentApi.outbounds.list(projectId, new URLSearchParams({ type, page: "1", pageSize: "100" })),
  /** A checklist's shared key for one group (src/shared/checklist-shared-key-api.ts). */
  sharedKey: (projectId: string, outboundId: string, name: string) =>
    api<SharedKeyResult>(`${projectPath(projectId)}/outbounds/${segment(outboundId)}/shared-keys`, {
      method: "POST",
      body: { name },
    }),
  /** What publishing an outbound would do now (src/shared/publish-preview-api.ts). */
  publishPreview: (projectId: string, outboundId: string) =>
    api<PublishPreview>(`${projectPath(projectId)}/outbounds/${segment(outboundId)}/publish-preview`),
  /** What the builder saved of a tour or tooltip, waiting to be published (src/shared/builder-drafts-api.ts). */
  builderDraft: {
    get: (projectId: string, kind: BuilderKind, id: string) =>
      api<BuilderDraftAnswer>(builderDraftPath(projectId, kind, id)),
    publish: (projectId: string, kind: BuilderKind, id: string) =>
      api<AdminOutbound | AdminTooltip>(`${builderDraftPath(projectId, kind, id)}/publish`, {
        method: "POST",
      }),
    discard: (projectId: string, kind: BuilderKind, id: string) =>
      api<void>(builderDraftPath(projectId, kind, id), { method: "DELETE" }),
  },
};
