import { findAdminOutbound } from "../../domain/outbounds/outbounds-admin-repository.ts";
import { publishPreview } from "../../domain/outbounds/publish-preview.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { withProjectItem } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json } from "../platform-request.ts";
import { outboundNotFoundMessage } from "./not-found-messages.ts";

/** The widget sessions with an open socket in any server process (realtime/connected-census.ts). */
export type ConnectedSessionsOf = (projectId: string) => Promise<string[]>;

/**
 * `GET /api/projects/{projectId}/outbounds/{id}/publish-preview` (src/shared/publish-preview-api.ts):
 * what publishing the outbound would do now, for the admin's publish dialog. Read-only.
 */
export function publishPreviewRoutes(
  { sql, guard }: PlatformDeps,
  connectedSessions: ConnectedSessionsOf,
): ApiRoute[] {
  return [
    adminRoute(
      guard,
      "GET",
      "/api/projects/:projectId/outbounds/:id/publish-preview",
      withProjectItem(
        sql,
        { find: findAdminOutbound, notFoundMessage: outboundNotFoundMessage },
        async (_request, outbound) =>
          json(await publishPreview(sql, outbound, await connectedSessions(outbound.projectId))),
      ),
    ),
  ];
}
