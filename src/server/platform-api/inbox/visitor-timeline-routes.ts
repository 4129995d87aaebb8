import type { SQL } from "bun";
import { visitorNotFoundMessage } from "../../../shared/visitor-timeline-api.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { visitorTimeline } from "../../domain/inbox/visitor-timeline.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminRoute, json, jsonError } from "../platform-request.ts";

/**
 * `GET /api/admin/visitors/{sessionId}/timeline` (src/shared/visitor-timeline-api.ts): the visitor
 * panel beside a report and a conversation; a read, not audited.
 */
export function visitorTimelineRoutes({ sql, guard }: { sql: SQL; guard: AuthGuard }): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/admin/visitors/:sessionId/timeline", async (_request, params) => {
      const timeline = await visitorTimeline(sql, params.sessionId ?? "");
      return timeline ? json(timeline) : jsonError(404, visitorNotFoundMessage);
    }),
  ];
}
