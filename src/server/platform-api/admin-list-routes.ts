import type { AuthGuard } from "../auth/auth-guard.ts";
import type { ApiRoute } from "../http/api-route.ts";
import { answerListPage } from "../http/list-query.ts";
import { adminRoute, json, jsonError } from "./platform-request.ts";

/**
 * The two reads every admin list has: its pages, and one record by id. Admin-only; the writes stay
 * with each list's routes.
 */

/** `GET {path}`: a page of the list, its sort, search, page and filters read from the URL. */
export function adminListRoute<Filters = undefined>(
  guard: AuthGuard,
  path: string,
  options: Parameters<typeof answerListPage<Filters>>[1],
): ApiRoute {
  return adminRoute(guard, "GET", path, (request) => answerListPage(request, options));
}

/** `GET {pattern}` (ending in `:id`): the record `find` reads, or a 404 with `notFoundMessage`. */
function adminRecordRoute(
  guard: AuthGuard,
  pattern: string,
  find: (id: string) => Promise<unknown>,
  notFoundMessage: string,
): ApiRoute {
  return adminRoute(guard, "GET", pattern, async (_request, params) => {
    const record = await find(params.id ?? "");
    return record ? json(record) : jsonError(404, notFoundMessage);
  });
}

/**
 * Both reads of a list whose records are read one by one at `{path}/:id`: the list's route, then the
 * record's, in that order in the route table.
 */
export function adminReadRoutes<Filters = undefined>(
  guard: AuthGuard,
  path: string,
  {
    find,
    notFound,
    ...list
  }: Parameters<typeof answerListPage<Filters>>[1] & {
    find: (id: string) => Promise<unknown>;
    notFound: string;
  },
): ApiRoute[] {
  return [adminListRoute(guard, path, list), adminRecordRoute(guard, `${path}/:id`, find, notFound)];
}
