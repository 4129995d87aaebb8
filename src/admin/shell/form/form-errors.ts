import { type Struct, validate } from "superstruct";
import { isTooLong, messages } from "../../../shared/form-rule-messages.ts";
import { apiErrorBody } from "../../api/api-error.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import type { Translator } from "../../i18n/intl.ts";

/** Field path (`title`, `salary.max`, `responsibilities.2`) → the shared rule's English message. */
export type FieldErrors = Record<string, string>;

/**
 * Checks a request body against the shared schema the server uses (one schema per payload), so the form
 * refuses what the API would, with the same texts. The first failure of each field is kept; a missing
 * value reads "{field} is required".
 */
export function fieldErrors<T, S>(value: unknown, schema: Struct<T, S>): FieldErrors {
  const [error] = validate(value, schema);
  const errors: FieldErrors = {};
  if (!error) return errors;
  for (const failure of error.failures()) {
    const path = failure.path.join(".");
    if (!path || path in errors) continue;
    errors[path] =
      failure.value === undefined || failure.value === "" ? messages.required(path) : failure.message;
  }
  return errors;
}

/**
 * A 400/409 answer that names its field (`{ error, field }`), as a field error keyed by the form's path;
 * else null. `formPath` maps the API's name where the form differs (a list entry by its place in the
 * body, `row`/`column` of one cell picker, `description` shown as "reason").
 */
export function serverFieldError(
  failure: unknown,
  formPath: (apiPath: string) => string = (path) => path,
): FieldErrors | null {
  const body = apiErrorBody(failure);
  if (!body || typeof body.error !== "string" || typeof body.field !== "string" || !body.field) return null;
  return { [formPath(body.field)]: body.error };
}

/**
 * The errors a form shows before its first submit: only "too long" ones. Every other rule waits for the
 * submit (react-admin's and Filament's default), so an empty form does not open covered in "… is
 * required"; a text over its limit is said at once, since the field no longer cuts it (see `isTooLong`).
 */
export function errorsBeforeSubmit(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => isTooLong(message)));
}

const numbered: Array<[RegExp, MessageId]> = [
  [/^Must be greater than (\d+) characters$/, "form.tooShort"],
  [/^Must be less than (\d+) characters$/, "form.tooLong"],
  [/^Must be at least (\d+)$/, "form.atLeast"],
  [/^Must be at most (\d+)$/, "form.atMost"],
];

const fixed: Record<string, MessageId> = {
  [messages.salaryMax]: "form.salaryMax",
  [messages.url]: "form.url",
  "Must be a whole number": "form.wholeNumber",
  [messages.email]: "form.email",
};

/**
 * A rule's message in the current language. "… is required" names the field by its label (spec §5
 * "{field} is required"); texts with a number keep it; anything else goes through the server catalogue.
 */
export function ruleMessage(tr: Translator, message: string, fieldLabel: string): string {
  if (/ is required$/.test(message)) return tr.t("form.required", { field: fieldLabel });
  const known = fixed[message];
  if (known) return tr.t(known);
  for (const [pattern, id] of numbered) {
    const match = pattern.exec(message);
    if (match) return tr.t(id, { n: Number(match[1]) });
  }
  return tr.translate(message);
}
