import type { FieldErrors } from "../shell/form/form-errors.ts";

/**
 * How one outbound kind's `config` is edited: the form's state for it, read from a stored config and
 * written back into one. Writing starts from the stored config, so keys this editor does not show (a
 * notification's linked news post, a checklist step's article) survive an edit.
 */
export interface ConfigModel<S> {
  empty: S;
  read(config: Record<string, unknown>): S;
  write(state: S, original: Record<string, unknown>): Record<string, unknown>;
  /** Rules the kind's schema cannot say (a banner needs a title or a body), by `config.{field}` path. */
  rules(state: S): FieldErrors;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored text, or "" for anything else (a TipTap document is not edited as text here). */
export const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** Keeps the key only while it says something, so an emptied field does not store "". */
export function optionalKeys(values: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value?.trim() ? value : undefined]),
  );
}

/** `{field} is required` for the first of `paths` when every one of them is blank. */
export function oneOfRequired(values: Record<string, string>, prefix = "config"): FieldErrors {
  if (Object.values(values).some((value) => value.trim() !== "")) return {};
  const first = Object.keys(values)[0] ?? "";
  return { [`${prefix}.${first}`]: `${first} is required` };
}
