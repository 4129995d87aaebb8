import type { Struct } from "superstruct";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import { failureBody } from "../../shared/form-rules.ts";
import { validateUntrusted } from "../../shared/untrusted-validation.ts";
import type { Authenticated, AuthGuard } from "../auth/auth-guard.ts";
import { json, jsonError } from "../http/json-response.ts";
import { parseJsonText, readBodyText } from "../http/read-json-body.ts";
import type { ApiRoute } from "../main-origin.ts";

export type BodyOrError<T> = { ok: true; value: T } | { ok: false; response: Response };

/** `application/json`, with or without parameters, or a `+json` type. */
const isJsonType = (contentType: string | null) =>
  /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? "");

/**
 * Reads a JSON body and validates it; failures answer 400 with the spec §5 text naming the field.
 * A body must be declared `application/json` (415 otherwise), so a form post from another site
 * (which cannot send that type without a preflight) never reaches a handler.
 */
export async function readBody<T, S>(request: Request, schema: Struct<T, S>): Promise<BodyOrError<T>> {
  const raw = await readBodyText(request);
  if (!raw.ok) return raw;
  if (raw.value.trim() !== "" && !isJsonType(request.headers.get("content-type"))) {
    return { ok: false, response: jsonError(415, "Request body must be sent as application/json") };
  }
  const data = parseJsonText(raw.value);
  if (!data.ok) return data;
  const [error, value] = validateUntrusted(data.value, schema, { coerce: true });
  if (error) {
    const body = failureBody(error);
    return { ok: false, response: jsonError(400, body.error, body.field) };
  }
  return { ok: true, value };
}

export type AdminHandler = (
  request: Request,
  params: Record<string, string>,
  admin: Authenticated,
) => Response | Promise<Response>;

/**
 * An admin-only route: the bearer token, session, account and ADMIN role are checked before the handler.
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
      return handler(request, params, admin);
    },
  };
}

export { json, jsonError };
