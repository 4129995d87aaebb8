import {
  approveFeatureRequest,
  featureRequestSortColumns,
  findFeatureRequest,
  listFeatureRequests,
} from "../../domain/feature-requests/feature-requests-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import { auditedWrite } from "../audited-write.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { projectRoute } from "./projects-routes.ts";

/**
 * Moderation of visitors' feature requests (projects with "approve feature requests before they are
 * public"): the requests waiting for approval, and approving one, audited. Rejecting is the kind's
 * DELETE. These routes come before the kind's `feature-requests/:id`, which would take `pending`
 * for an id.
 */
export function featureRequestApprovalRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  const base = "/api/projects/:projectId/feature-requests";
  return [
    projectRoute({ sql, guard }, "GET", `${base}/pending`, async (request, projectId) => {
      return answerListPage(request, {
        sortable: featureRequestSortColumns,
        defaultSort: "createdAt",
        list: (query) => listFeatureRequests(sql, projectId, query, { pendingOnly: true }),
      });
    }),
    projectRoute({ sql, guard }, "POST", `${base}/:id/approve`, async (_request, projectId, id, admin) => {
      const outcome = await auditedWrite(
        sql,
        (tx) => approveFeatureRequest(tx, projectId, id),
        () => ({
          actorId: admin.user.id,
          action: "feature_request.approve",
          entity: "feature_request",
          entityId: id,
          details: { projectId },
        }),
      );
      if (!outcome.ok) return jsonError(outcome.status, outcome.error, outcome.field);
      return json(await findFeatureRequest(sql, projectId, id));
    }),
  ];
}
