import type { Struct } from "superstruct";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import type { Authenticated, AuthGuard } from "../auth/auth-guard.ts";
import type { ApiRoute } from "../http/api-route.ts";
import { json, jsonError } from "../http/json-response.ts";
import { readBody } from "../http/read-body.ts";
import { agentRefusal } from "./agent-area.ts";

export type AdminHandler = (
  request: Request,
  params: Record<string, string>,
  admin: Authenticated,
) => Response | Promise<Response>;

/**
 * An admin-only route: the bearer token, session, account and ADMIN role are checked before the handler,
 * and for an agent the route and its project (agent-area.ts).
 * `builderKind` (only on reading and saving one tour or tooltip, `…/:projectId/…/:id`) also takes a
 * builder token issued for exactly that item (`params.projectId`, `params.id`); every other route
 * refuses builder tokens.
 */
export function adminRoute(
  guard: AuthGuard,
  method: ApiRoute["method"],
  pattern: string,
  handler: AdminHandler,
  builderKind?: BuilderKind,
): ApiRoute {
  return {
    method,
    pattern,
    handler: async (request, params) => {
      const scope = builderKind && {
        kind: builderKind,
        projectId: params.projectId ?? "",
        itemId: params.id ?? "",
      };
      const admin = await guard.requireAdmin(request, scope);
      if (admin instanceof Response) return admin;
      const refused =
        admin.staff && (await agentRefusal(guard.sql, admin.staff, { method, pattern }, params));
      if (refused) return refused;
      return handler(request, params, admin);
    },
  };
}

/** An admin handler of a JSON body of `schema`; a body that is not one is answered as `readBody` does. */
export function withBody<T, S>(
  schema: Struct<T, S>,
  handle: (value: T, admin: Authenticated, params: Record<string, string>) => Promise<Response>,
): AdminHandler {
  return async (request, params, admin) => {
    const body = await readBody(request, schema);
    if (!body.ok) return body.response;
    return handle(body.value, admin, params);
  };
}

export { json, jsonError, readBody };
