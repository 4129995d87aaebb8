import { define, type Struct, type StructError, string } from "superstruct";
import { messages } from "./form-rule-messages.ts";

// Field rules whose failures read as the admin spec's validation texts (§5, form-rule-messages.ts),
// shared by the admin forms and the platform API so a refused field says the same thing on both sides.

/** A text of `min` to `max` characters (trimmed); an empty text counts as missing. */
export function text(min: number, max: number): Struct<string, null> {
  return define<string>(`text(${min},${max})`, (value, context) => {
    const field = String(context.path.at(-1) ?? "value");
    if (typeof value !== "string" || value.trim() === "") return messages.required(field);
    if (value.trim().length < min) return messages.tooShort(min - 1);
    if (value.trim().length > max) return messages.tooLong(max + 1);
    return true;
  });
}

/** Like `text`, but an empty string is allowed (optional free text). */
export function optionalText(max: number): Struct<string, null> {
  return define<string>(`optionalText(${max})`, (value) => {
    if (typeof value !== "string") return "Must be a text";
    return value.length <= max ? true : messages.tooLong(max + 1);
  });
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = define<string>("email", (value, context) => {
  if (typeof value !== "string" || value.trim() === "")
    return messages.required(String(context.path.at(-1) ?? "email"));
  return emailPattern.test(value.trim()) && value.length <= 320 ? true : messages.email;
});

/** The 6-digit MFA code (spec §9). */
export const mfaCode = define<string>("mfaCode", (value) =>
  typeof value === "string" && /^\d{6}$/.test(value) ? true : messages.code,
);

/** One of a fixed list of codes; a missing value is "required", a wrong one lists what is allowed. */
export function oneOf<T extends string>(values: readonly T[]): Struct<T, null> {
  return define<T>(`oneOf(${values.join(",")})`, (value, context) => {
    if (value === undefined || value === null || value === "") {
      return messages.required(String(context.path.at(-1) ?? "value"));
    }
    return typeof value === "string" && (values as readonly string[]).includes(value)
      ? true
      : `Must be one of ${values.join(", ")}`;
  });
}

/** An integer within bounds, with a message a person can act on. */
export function integer(min: number, max: number): Struct<number, null> {
  return define<number>(`integer(${min},${max})`, (value) => {
    if (typeof value !== "number" || !Number.isInteger(value)) return "Must be a whole number";
    if (value < min) return `Must be at least ${min}`;
    if (value > max) return `Must be at most ${max}`;
    return true;
  });
}

export { string };

/** The `{ error, field }` body for the first failure of a validation. */
export function failureBody(error: StructError): { error: string; field?: string } {
  const failure = error.failures()[0] ?? error;
  const field = failure.path.join(".") || undefined;
  if (failure.type === "never") return { error: `Unknown field ${field}`, field };
  if (failure.value === undefined && field) return { error: messages.required(field), field };
  if (!field) return { error: messages.form };
  // A custom rule's message is the spec text; superstruct's own type messages are reworded briefly.
  const message =
    failure.refinement === undefined && /^Expected/.test(failure.message)
      ? `${field} is invalid`
      : failure.message;
  return { error: message, field };
}
