import { type Struct, type StructError, validate } from "superstruct";
import { jsonError } from "./json-response.ts";

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * Reads and validates a JSON body against its shared schema. Anything that is not the expected shape
 * becomes a 400 with a message naming the field, before any handler code can write a thing.
 * An empty body is read as `{}` because clients often post no body where every field is optional.
 */
export async function readJsonBody<T, S>(request: Request, schema: Struct<T, S>): Promise<BodyResult<T>> {
  const text = await request.text();
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      return { ok: false, response: jsonError(400, "Request body is not valid JSON") };
    }
  }
  const [error, value] = validate(data, schema, { coerce: true });
  if (error) return { ok: false, response: validationError(error) };
  return { ok: true, value };
}

function validationError(error: StructError): Response {
  const failure = error.failures()[0] ?? error;
  const field = failure.path.join(".");
  if (failure.type === "never") return jsonError(400, `Unknown field ${field}`, field);
  if (field === "") return jsonError(400, "Request body must be a JSON object");
  return jsonError(400, `${field} is invalid: ${failure.message}`, field);
}
