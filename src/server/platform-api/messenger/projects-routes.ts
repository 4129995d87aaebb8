import type { SQL } from "bun";
import type { Struct } from "superstruct";
import type { BuilderKind } from "../../../shared/builder-messages.ts";
import type { AdminProject } from "../../../shared/projects-api.ts";
import type { Authenticated, AuthGuard } from "../../auth/auth-guard.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { containsPattern, listPage, readListQuery } from "../../http/list-query.ts";
import { projectScope } from "../agent-area.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

export const projectNotFoundMessage = "Project not found";

interface ProjectRow {
  id: string;
  name: string;
  sdk_key: string;
  created_at: string;
}

const fromRow = (row: ProjectRow): AdminProject => ({
  id: row.id,
  name: row.name,
  sdkKey: row.sdk_key,
  createdAt: row.created_at,
});

const projectSortColumns: Record<string, string> = { name: "lower(name)", createdAt: "created_at" };

/** The 404 every route under `/api/projects/{projectId}` answers for an unknown project, or null. */
export async function unknownProject(sql: SQL, projectId: string): Promise<Response | null> {
  const [row] = await sql`SELECT id FROM widget_projects WHERE id = ${projectId}`;
  return row ? null : jsonError(404, projectNotFoundMessage);
}

/** A handler of one project's item: the project checked, its id and the item's (`:id`) read. */
export type ProjectItemHandler = (
  request: Request,
  projectId: string,
  id: string,
  admin: Authenticated,
) => Promise<Response>;

/** Wraps a handler of `/api/projects/:projectId/…/:id` so an unknown project is a 404 before it runs. */
export function inProject(sql: SQL, handle: ProjectItemHandler) {
  return async (request: Request, params: Record<string, string>, admin: Authenticated) => {
    const projectId = params.projectId ?? "";
    const missing = await unknownProject(sql, projectId);
    if (missing) return missing;
    return handle(request, projectId, params.id ?? "", admin);
  };
}

/** A project handler of a JSON body of `schema`; a body that is not one is answered as `readBody` does. */
export function withProjectBody<T, S>(
  schema: Struct<T, S>,
  handle: (body: T, projectId: string, id: string, admin: Authenticated) => Promise<Response>,
): ProjectItemHandler {
  return async (request, projectId, id, admin) => {
    const body = await readBody(request, schema);
    if (!body.ok) return body.response;
    return handle(body.value, projectId, id, admin);
  };
}

/**
 * Wraps a handler of one item under `/api/projects/:projectId/…/:id`: an unknown project, or an item
 * `find` does not read there, is a 404 before it runs.
 */
export function withProjectItem<Item>(
  sql: SQL,
  item: { find(sql: SQL, projectId: string, id: string): Promise<Item | null>; notFoundMessage: string },
  handle: (request: Request, found: Item, admin: Authenticated) => Promise<Response>,
) {
  return inProject(sql, async (request, projectId, id, admin) => {
    const found = await item.find(sql, projectId, id);
    return found ? handle(request, found, admin) : jsonError(404, item.notFoundMessage);
  });
}

/** An admin route under `/api/projects/:projectId/…` whose handler runs only for a known project. */
export function projectRoute(
  { sql, guard }: { sql: SQL; guard: AuthGuard },
  method: ApiRoute["method"],
  pattern: string,
  handle: ProjectItemHandler,
  builderKind?: BuilderKind,
): ApiRoute {
  return adminRoute(guard, method, pattern, inProject(sql, handle), builderKind);
}

/**
 * `GET /api/projects`: the widget projects whose messenger content the admin manages; an agent's list
 * holds only the projects they are a member of.
 */
export function projectsRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/projects", async (request, _params, admin) => {
      const query = readListQuery(new URL(request.url), projectSortColumns, "name");
      if (query instanceof Response) return query;
      const where = query.search
        ? [sql`(lower(name) LIKE ${containsPattern(query.search)} ESCAPE '\\' OR sdk_key = ${query.search})`]
        : [];
      const scope = projectScope(admin);
      if (scope) where.push(scope.length > 0 ? sql`id IN ${sql([...scope])}` : sql`1 = 0`);
      const { rows, total } = await listPage<ProjectRow>(sql, {
        select: "id, name, sdk_key, created_at",
        from: sql`widget_projects`,
        where,
        query,
        tieBreaker: "id",
      });
      return json({ items: rows.map(fromRow), total, page: query.page, pageSize: query.pageSize });
    }),
  ];
}
