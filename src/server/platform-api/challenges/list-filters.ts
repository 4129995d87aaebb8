import { jsonError } from "../platform-request.ts";

/** An optional list filter that must be one of `values`; a wrong value answers 400 naming it. */
export function readEnumFilter<T extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly T[],
): T | undefined | Response {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  if ((values as readonly string[]).includes(value)) return value as T;
  return jsonError(400, `${name} must be one of ${values.join(", ")}`, name);
}

/** An optional `true`/`false` list filter. */
export function readBooleanFilter(params: URLSearchParams, name: string): boolean | undefined | Response {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  return jsonError(400, `${name} must be true or false`, name);
}
