import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { handleContentDelete } from "./content-handlers/content-delete.ts";
import type { ContentKind } from "./content-handlers/content-kind.ts";
import { handleContentSave } from "./content-handlers/content-save.ts";
import { type ProjectItemHandler, projectRoute } from "./projects-routes.ts";

/** The admin routes of one kind of messenger content ({@link ContentKind}); writes in content-handlers/. */
export function contentAdminRoutes<Write, Record>(
  { sql, guard }: PlatformDeps,
  kind: ContentKind<Write, Record>,
): ApiRoute[] {
  const base = `/api/projects/:projectId/${kind.path}`;
  const route = (method: ApiRoute["method"], pattern: string, handle: ProjectItemHandler) =>
    projectRoute({ sql, guard }, method, pattern, handle);
  return [
    route("GET", base, (request, projectId) =>
      answerListPage(request, {
        sortable: kind.sortable,
        defaultSort: kind.defaultSort,
        list: (query) => kind.list(sql, projectId, query),
      }),
    ),
    route("GET", `${base}/:id`, async (_request, projectId, id) => {
      const found = await kind.find(sql, projectId, id);
      return found ? json(found) : jsonError(404, kind.notFoundMessage);
    }),
    route(
      "POST",
      base,
      handleContentSave(sql, kind, "POST", (tx, projectId, value) => kind.insert(tx, projectId, value)),
    ),
    route(
      "PUT",
      `${base}/:id`,
      handleContentSave(sql, kind, "PUT", (tx, projectId, value, id) =>
        kind.update(tx, projectId, id, value),
      ),
    ),
    route("DELETE", `${base}/:id`, handleContentDelete(sql, kind)),
  ];
}
