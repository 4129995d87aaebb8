import { dashboardSummary, listAuditLog } from "../../domain/dashboard/dashboard-repository.ts";
import { widgetStats } from "../../domain/dashboard/widget-stats.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { readListQuery } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json } from "../platform-request.ts";

/**
 * The dashboard home's summary (the platform's counts and, under `widget`, the widget side's) and the
 * audit log behind its recent activity: admins only.
 */
export function dashboardRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  async function auditLog(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const query = readListQuery(url, { createdAt: "a.created_at" }, "-createdAt");
    if (query instanceof Response) return query;
    const { items, total } = await listAuditLog(sql, query, {
      entity: url.searchParams.get("entity")?.trim() || undefined,
      actorId: url.searchParams.get("actorId")?.trim() || undefined,
    });
    return json({ items, total, page: query.page, pageSize: query.pageSize });
  }

  return [
    adminRoute(guard, "GET", "/api/dashboard", async () => {
      const [summary, widget] = await Promise.all([dashboardSummary(sql), widgetStats(sql)]);
      return json({ ...summary, widget });
    }),
    adminRoute(guard, "GET", "/api/audit-log", auditLog),
  ];
}
