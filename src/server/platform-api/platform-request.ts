import { type Struct, validate } from "superstruct";
import { failureBody } from "../../shared/form-rules.ts";
import type { Authenticated, AuthGuard } from "../auth/auth-guard.ts";
import { json, jsonError } from "../http/json-response.ts";
import { readBodyText } from "../http/read-json-body.ts";
import type { ApiRoute } from "../main-origin.ts";

export type BodyOrError<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Reads a JSON body and validates it; failures answer 400 with the spec §5 text naming the field. */
export async function readBody<T, S>(request: Request, schema: Struct<T, S>): Promise<BodyOrError<T>> {
  const raw = await readBodyText(request);
  if (!raw.ok) return raw;
  let data: unknown = {};
  if (raw.value.trim() !== "") {
    try {
      data = JSON.parse(raw.value);
    } catch {
      return { ok: false, response: jsonError(400, "Request body is not valid JSON") };
    }
  }
  const [error, value] = validate(data, schema, { coerce: true });
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

/** An admin-only route: the bearer token, session, account and ADMIN role are checked before the handler. */
export function adminRoute(
  guard: AuthGuard,
  method: ApiRoute["method"],
  pattern: string,
  handler: AdminHandler,
): ApiRoute {
  return {
    method,
    pattern,
    handler: async (request, params) => {
      const admin = await guard.requireAdmin(request);
      if (admin instanceof Response) return admin;
      return handler(request, params, admin);
    },
  };
}

export { json, jsonError };
