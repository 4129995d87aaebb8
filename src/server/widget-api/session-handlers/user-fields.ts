import { customDataProblem } from "../../../shared/custom-data-limits.ts";
import { validateUntrusted } from "../../../shared/untrusted-validation.ts";
import { CustomDataValue, UserFields, userFieldKeys } from "../../../shared/widget-session-api.ts";
import type { SessionChanges, StoredSession } from "../../domain/sessions/sessions-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import { validateBody } from "../../http/read-json-body.ts";

/**
 * Splits a body into the known user fields and the flattened custom data around them. Custom data
 * must be scalars: anything else is a 400 naming the key.
 */
export function splitUserFields(
  body: Record<string, unknown>,
  ignore: readonly string[] = [],
): { ok: true; changes: SessionChanges } | { ok: false; response: Response } {
  const known: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ignore.includes(key)) continue;
    if (userFieldKeys.includes(key)) known[key] = value;
    else if (validateUntrusted(value, CustomDataValue)[0])
      return { ok: false, response: jsonError(400, `${key} must be a string, number, boolean or null`, key) };
    else custom[key] = value;
  }
  const fields = validateBody(known, UserFields);
  if (!fields.ok) return fields;
  const { name, email, phone, value, lang, customData, ...extras } = fields.value;
  // plan, company and avatar have no column of their own: they live in customData like the flattened keys.
  const extraData = Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined));
  return {
    ok: true,
    changes: { name, email, phone, value, lang, customData: { ...customData, ...extraData, ...custom } },
  };
}

/** A 400 when `changes` would take the session's custom data past its limits. */
export function customDataRefusal(target: StoredSession | null, changes: SessionChanges): Response | null {
  const problem = customDataProblem({ ...target?.customData, ...changes.customData });
  return problem ? jsonError(400, problem.error, problem.field) : null;
}
