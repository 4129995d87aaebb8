import { SharedKeyRequest, type SharedKeyResult } from "../../../shared/checklist-shared-key-api.ts";
import { issueSharedKey, sharedKeySecret } from "../../domain/outbounds/checklist-shared-keys.ts";
import { findAdminOutbound } from "../../domain/outbounds/outbounds-admin-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { projectRoute, withProjectBody } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { outboundNotFoundMessage } from "./not-found-messages.ts";

/**
 * `POST /api/projects/{projectId}/outbounds/{id}/shared-keys` (src/shared/checklist-shared-key-api.ts):
 * a shared key of one checklist for the group the admin names. Issuing writes nothing (the key is a
 * signature, not a row), so it is not audited, like a builder token.
 */
export function checklistSharedKeyRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    projectRoute(
      { sql, guard },
      "POST",
      "/api/projects/:projectId/outbounds/:id/shared-keys",
      withProjectBody(SharedKeyRequest, async (body, projectId, id) => {
        const outbound = await findAdminOutbound(sql, projectId, id);
        if (!outbound) return jsonError(404, outboundNotFoundMessage);
        if (outbound.type !== "checklist") return jsonError(400, "Only a checklist has shared keys");
        const { name } = body;
        const result: SharedKeyResult = {
          name,
          sharedKey: issueSharedKey(await sharedKeySecret(sql), { projectId, outboundId: id }, name),
        };
        return json(result);
      }),
    ),
  ];
}
