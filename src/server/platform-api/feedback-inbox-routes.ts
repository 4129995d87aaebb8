import type { SQL } from "bun";
import type { AuthGuard } from "../auth/auth-guard.ts";
import { json, jsonError } from "../http/json-response.ts";
import type { ApiRoute } from "../main-origin.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { findReport, listReports } from "../widget-api/feedback/feedback-repository.ts";
import { fullReport } from "../widget-api/feedback/feedback-routes.ts";
import { readPagination } from "./list-query.ts";

export interface FeedbackInboxDeps {
  sql: SQL;
  storage: FileStorage;
  guard: AuthGuard;
}

/** Reads `page`, `pageSize`, `type` and `status` from a list URL, or answers why it cannot. */
export function readListQuery(url: URL) {
  const pagination = readPagination(url.searchParams);
  if (pagination instanceof Response) return pagination;
  const type = url.searchParams.get("type")?.trim().toUpperCase() || undefined;
  const status = url.searchParams.get("status")?.trim().toUpperCase() || undefined;
  return { ...pagination, type, status };
}

/** The back office's read access to feedback reports: admins only. */
export function feedbackInboxRoutes({ sql, storage, guard }: FeedbackInboxDeps): ApiRoute[] {
  async function list(request: Request): Promise<Response> {
    const auth = await guard.requireAdmin(request);
    if (auth instanceof Response) return auth;
    const query = readListQuery(new URL(request.url));
    if (query instanceof Response) return query;
    const { items, total } = await listReports(sql, query);
    return json({ items, total, page: query.page, pageSize: query.pageSize });
  }

  async function detail(request: Request, params: Record<string, string>): Promise<Response> {
    const auth = await guard.requireAdmin(request);
    if (auth instanceof Response) return auth;
    const report = await findReport(sql, params.id ?? "");
    if (!report) return jsonError(404, "Feedback report not found");
    return json(await fullReport(storage, report));
  }

  return [
    { method: "GET", pattern: "/api/feedback", handler: list },
    { method: "GET", pattern: "/api/feedback/:id", handler: detail },
  ];
}
