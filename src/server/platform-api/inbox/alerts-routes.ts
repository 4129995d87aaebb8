import type { SQL } from "bun";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { alertCounts } from "../../domain/inbox/alert-counts.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { projectScope } from "../agent-area.ts";
import { adminRoute, json } from "../platform-request.ts";

/** `GET /api/admin/alerts` (src/shared/alerts-api.ts): the asking admin's counts; a read, not audited. */
export function alertsRoutes({ sql, guard }: { sql: SQL; guard: AuthGuard }): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/admin/alerts", async (_request, _params, admin) =>
      json(await alertCounts(sql, admin.user.id, projectScope(admin))),
    ),
  ];
}
