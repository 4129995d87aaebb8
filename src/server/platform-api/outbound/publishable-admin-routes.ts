import type { ApiRoute } from "../../http/api-route.ts";
import { type ProjectItemHandler, projectRoute } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json } from "../platform-request.ts";
import { handlePublishableCreate } from "./publishable-handlers/publishable-create.ts";
import { handlePublishableDelete } from "./publishable-handlers/publishable-delete.ts";
import { type PublishableKind, publishableScope } from "./publishable-handlers/publishable-kind.ts";
import { handlePublishableList } from "./publishable-handlers/publishable-list.ts";
import { handlePublishableRead } from "./publishable-handlers/publishable-read.ts";
import { handlePublishableStatus } from "./publishable-handlers/publishable-status.ts";
import { handlePublishableUpdate } from "./publishable-handlers/publishable-update.ts";

/** The admin routes of one publishable kind ({@link PublishableKind}); handlers in publishable-handlers/. */
export function publishableAdminRoutes<Write, Item, Filters extends object>(
  deps: PlatformDeps,
  kind: PublishableKind<Write, Item, Filters>,
): ApiRoute[] {
  const { sql } = deps;
  const base = `/api/projects/:projectId/${kind.path}`;
  const scope = publishableScope(sql, kind);
  const routes = [
    projectRoute(deps, "GET", base, handlePublishableList(scope)),
    projectRoute(deps, "POST", base, handlePublishableCreate(scope)),
    projectRoute(deps, "GET", `${base}/:id`, handlePublishableRead(scope), kind.builderKind),
    projectRoute(deps, "PUT", `${base}/:id`, handlePublishableUpdate(scope), kind.builderKind),
    projectRoute(deps, "DELETE", `${base}/:id`, handlePublishableDelete(scope)),
    projectRoute(deps, "POST", `${base}/:id/publish`, handlePublishableStatus(scope, "live")),
    projectRoute(deps, "POST", `${base}/:id/unpublish`, handlePublishableStatus(scope, "draft")),
  ];
  const { stats } = kind;
  if (stats) {
    const readStats: ProjectItemHandler = async (_request, projectId, id) => {
      const found = await kind.find(sql, projectId, id);
      return found ? json(await stats(sql, found)) : scope.notFound();
    };
    routes.push(projectRoute(deps, "GET", `${base}/:id/stats`, readStats));
  }
  return routes;
}
