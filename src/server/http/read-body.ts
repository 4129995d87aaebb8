import type { Struct } from "superstruct";
import { failureBody } from "../../shared/form-rules.ts";
import { validateUntrusted } from "../../shared/untrusted-validation.ts";
import { jsonError } from "./json-response.ts";
import { parseJsonText, readBodyText } from "./read-json-body.ts";

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
