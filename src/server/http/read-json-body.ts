import type { Struct, StructError } from "superstruct";
import { validateUntrusted } from "../../shared/untrusted-validation.ts";
import { jsonError } from "./json-response.ts";
import { defaultJsonShapeLimits, type JsonShapeLimits, jsonShapeProblem } from "./json-shape.ts";

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Bodies above this are refused unless a route asks for more (reports and uploads do). */
export const defaultMaxBodyBytes = 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Reads a body as text, refusing it with 413 as soon as it passes `maxBytes`: first by its declared
 * Content-Length, then while streaming, so a chunked body cannot slip past the limit either.
 */
export async function readBodyText(
  request: Request,
  maxBytes = defaultMaxBodyBytes,
): Promise<BodyResult<string>> {
  const tooLarge = () => ({
    ok: false as const,
    response: jsonError(413, `Request body is larger than the ${megabytes(maxBytes)} limit`),
  });
  const length = request.headers.get("content-length");
  if (length !== null) {
    if (Number(length) > maxBytes) return tooLarge();
    // A declared length is the body's length (the HTTP framing ends it there): read at once, natively,
    // without making the body's stream (which costs a ping a few per cent of its time).
    return { ok: true, value: await request.text() };
  }
  if (!request.body) return { ok: true, value: "" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > maxBytes) return tooLarge();
    chunks.push(chunk);
  }
  return { ok: true, value: Buffer.concat(chunks).toString("utf8") };
}

/**
 * Parses a JSON text whose nesting and key counts are first checked against `limits`, so no deep or
 * wide body reaches recursive code. An empty text is read as `{}` because clients often post no body
 * where every field is optional.
 */
export function parseJsonText(
  text: string,
  limits: JsonShapeLimits = defaultJsonShapeLimits,
): BodyResult<unknown> {
  if (text.trim() === "") return { ok: true, value: {} };
  // PostgreSQL cannot store a NUL character in text: refused here, once, for every JSON body.
  if (/\\u0000/i.test(text))
    return { ok: false, response: jsonError(400, "Request body must not contain NUL characters") };
  const problem = jsonShapeProblem(text, limits);
  if (problem) return { ok: false, response: jsonError(400, problem) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, "Request body is not valid JSON") };
  }
}

/**
 * Reads and validates a JSON body against its shared schema. Anything that is not the expected shape
 * becomes a 400 with a message naming the field, before any handler code can write a thing.
 */
export async function readJsonBody<T, S>(
  request: Request,
  schema: Struct<T, S>,
  maxBytes = defaultMaxBodyBytes,
  limits: JsonShapeLimits = defaultJsonShapeLimits,
): Promise<BodyResult<T>> {
  const body = await readBodyText(request, maxBytes);
  if (!body.ok) return body;
  const data = parseJsonText(body.value, limits);
  if (!data.ok) return data;
  return validateBody(data.value, schema);
}

export function validateBody<T, S>(data: unknown, schema: Struct<T, S>): BodyResult<T> {
  const [error, value] = validateUntrusted(data, schema, { coerce: true });
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
