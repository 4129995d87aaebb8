import { FeatureRequestMerge } from "../../../shared/feature-requests-api.ts";
import { mergeFeatureRequests } from "../../domain/feature-requests/feature-request-merge.ts";
import { findFeatureRequest } from "../../domain/feature-requests/feature-requests-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { auditedWrite } from "../audited-write.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { projectRoute, withProjectBody } from "./projects-routes.ts";

/**
 * `POST /api/projects/{projectId}/feature-requests/{id}/merge`: the board's duplicates folded into one
 * request. The votes move, the duplicates go, and the audit entry names what was merged, all in one
 * transaction; a refusal writes nothing.
 */
export function featureRequestMergeRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    projectRoute(
      { sql, guard },
      "POST",
      "/api/projects/:projectId/feature-requests/:id/merge",
      withProjectBody(FeatureRequestMerge, async (body, projectId, id, admin) => {
        const outcome = await auditedWrite(
          sql,
          (tx) => mergeFeatureRequests(tx, projectId, id, body.duplicateIds),
          (merged) => ({
            actorId: admin.user.id,
            action: "feature_request.merge",
            entity: "feature_request",
            entityId: id,
            details: { projectId, merged: merged.merged },
          }),
        );
        if (!outcome.ok) return jsonError(outcome.status, outcome.error, outcome.field);
        return json(await findFeatureRequest(sql, projectId, id));
      }),
    ),
  ];
}
