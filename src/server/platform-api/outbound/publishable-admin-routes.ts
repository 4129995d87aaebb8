import type { ApiRoute } from "../../http/api-route.ts";
import { inProject as inProjectOf, type ProjectItemHandler } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json } from "../platform-request.ts";
import { handlePublishableCreate } from "./publishable-handlers/publishable-create.ts";
import { handlePublishableDelete } from "./publishable-handlers/publishable-delete.ts";
import { type PublishableKind, publishableScope } from "./publishable-handlers/publishable-kind.ts";
import { handlePublishableList } from "./publishable-handlers/publishable-list.ts";
import { handlePublishableRead } from "./publishable-handlers/publishable-read.ts";
import { handlePublishableStatus } from "./publishable-handlers/publishable-status.ts";
import { handlePublishableUpdate } from "./publishable-handlers/publishable-update.ts";

/** The admin routes of one publishable kind ({@link PublishableKind}); handlers in publishable-handlers/. */
export function publishableAdminRoutes<Write, Item, Filters extends object>(
  { sql, guard }: PlatformDeps,
  kind: PublishableKind<Write, Item, Filters>,
): ApiRoute[] {
  const base = `/api/projects/:projectId/${kind.path}`;
  const inProject = (handle: ProjectItemHandler) => inProjectOf(sql, handle);
  const scope = publishableScope(sql, kind);
  const routes = [
    adminRoute(guard, "GET", base, inProject(handlePublishableList(scope))),
    adminRoute(guard, "POST", base, inProject(handlePublishableCreate(scope))),
    adminRoute(guard, "GET", `${base}/:id`, inProject(handlePublishableRead(scope)), kind.builderKind),
    adminRoute(guard, "PUT", `${base}/:id`, inProject(handlePublishableUpdate(scope)), kind.builderKind),
    adminRoute(guard, "DELETE", `${base}/:id`, inProject(handlePublishableDelete(scope))),
    adminRoute(guard, "POST", `${base}/:id/publish`, inProject(handlePublishableStatus(scope, "live"))),
    adminRoute(guard, "POST", `${base}/:id/unpublish`, inProject(handlePublishableStatus(scope, "draft"))),
  ];
  const { stats } = kind;
  if (stats) {
    const readStats: ProjectItemHandler = async (_request, projectId, id) => {
      const found = await kind.find(sql, projectId, id);
      return found ? json(await stats(sql, found)) : scope.notFound();
    };
    routes.push(adminRoute(guard, "GET", `${base}/:id/stats`, inProject(readStats)));
  }
  return routes;
}
