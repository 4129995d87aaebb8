import type {
  AdminFeatureRequest,
  FeatureRequestMerge,
  FeatureRequestWrite,
} from "../../shared/feature-requests-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";
import { type FeatureRequestListQuery, featureRequestListUrl } from "./feature-request-list-query.ts";

const boardPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/feature-requests`;
const requestPath = (projectId: string, id: string) => `${boardPath(projectId)}/${encodeURIComponent(id)}`;

/** The admin's calls for a project's feature requests (src/shared/feature-requests-api.ts). */
export const featureRequestsApi = {
  list: (projectId: string, query: FeatureRequestListQuery) =>
    api<ListPage<AdminFeatureRequest>>(`${boardPath(projectId)}?${featureRequestListUrl.apiParams(query)}`),
  get: (projectId: string, id: string) => api<AdminFeatureRequest>(requestPath(projectId, id)),
  update: (projectId: string, id: string, body: FeatureRequestWrite) =>
    api<AdminFeatureRequest>(requestPath(projectId, id), { method: "PUT", body }),
  approve: (projectId: string, id: string) =>
    api<AdminFeatureRequest>(`${requestPath(projectId, id)}/approve`, { method: "POST" }),
  merge: (projectId: string, id: string, body: FeatureRequestMerge) =>
    api<AdminFeatureRequest>(`${requestPath(projectId, id)}/merge`, { method: "POST", body }),
};

/** A request's whole write with `change` applied: the PUT replaces wording, status and visibility. */
export const featureRequestWrite = (
  request: AdminFeatureRequest,
  change: Partial<FeatureRequestWrite> = {},
): FeatureRequestWrite => ({
  title: request.title,
  description: request.description,
  status: request.status,
  hidden: request.hidden,
  ...change,
});
