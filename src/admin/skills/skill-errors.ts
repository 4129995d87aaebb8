import { maxCoursesPerSkill, maxDependencies, skillTreeErrors } from "../../shared/skills-api.ts";
import { apiErrorBody, apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import type { Translator, Values } from "../i18n/intl.ts";
import { type FieldErrors, ruleMessage, serverFieldError } from "../shell/form/form-errors.ts";

/**
 * The skill tree's own refusals (src/shared/skills-api.ts: the schema rules and `skillTreeErrors`)
 * → their texts in the skills catalogue, so they read in German too. The shared form rules ("… is
 * required", lengths, numbers) stay with `ruleMessage`.
 */
const skillTexts: Record<string, { id: MessageId; values?: Values }> = {
  [skillTreeErrors.notFound]: { id: "skill.error.notFound" },
  [skillTreeErrors.idTaken]: { id: "skill.error.idTaken" },
  [skillTreeErrors.cellTaken]: { id: "skill.error.cellTaken" },
  [skillTreeErrors.outsideGrid]: { id: "skill.error.outsideGrid" },
  [skillTreeErrors.cycle]: { id: "skill.error.cycle" },
  [skillTreeErrors.hasDependents]: { id: "skill.error.hasDependents" },
  [skillTreeErrors.unknownRootDependency]: { id: "skill.error.unknownRootDependency" },
  [skillTreeErrors.unknownSubDependency]: { id: "skill.error.unknownSubDependency" },
  "Use lower-case letters and digits, separated by single hyphens": { id: "skill.error.idFormat" },
  "This id is reserved": { id: "skill.error.idReserved" },
  "Must be a link starting with http:// or https://": { id: "skill.error.httpUrl" },
  [`Must list at most ${maxCoursesPerSkill} courses`]: {
    id: "skill.error.tooManyCourses",
    values: { n: maxCoursesPerSkill },
  },
  [`Must list at most ${maxDependencies} dependencies`]: {
    id: "skill.error.tooManyDependencies",
    values: { n: maxDependencies },
  },
};

/** Whether the skills catalogue has its own text for a message of the skills API or schemas. */
export function isSkillMessage(message: string): boolean {
  return message in skillTexts;
}

/** A field's error in the current language: the skill tree's own texts first, then the shared rules. */
export function skillErrorText(tr: Translator, message: string, fieldLabel: string): string {
  const known = skillTexts[message];
  return known ? tr.t(known.id, known.values) : ruleMessage(tr, message, fieldLabel);
}

/**
 * A failed call as a toast body. Toasts translate message ids but not values, so a known text without
 * values goes as its id (it follows a language switch); one with values or unknown goes as the words.
 */
export function skillFailureText(tr: Translator, failure: unknown): string {
  const message = apiErrorMessage(failure);
  const known = skillTexts[message];
  if (!known) return message;
  return known.values ? tr.t(known.id, known.values) : known.id;
}

/**
 * A refusal as form errors: a field the answer names, mapped to the form's path by `formPath`, or, for
 * the tree's refusals that name no field (a taken cell, a grid too small), the field `placement` gives.
 * Null when the refusal belongs to no field.
 */
export function skillServerFieldErrors(
  failure: unknown,
  formPath: (path: string) => string,
  placement: Partial<Record<string, string>> = {},
): FieldErrors | null {
  const named = serverFieldError(failure);
  if (named) {
    const [[path, message]] = Object.entries(named) as [[string, string]];
    return { [formPath(path)]: message };
  }
  const body = apiErrorBody(failure);
  const message = typeof body?.error === "string" ? body.error : null;
  const field = message ? placement[message] : undefined;
  return message && field ? { [field]: message } : null;
}
