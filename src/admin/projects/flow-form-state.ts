import type { TranslationLanguage } from "../../shared/content-languages.ts";
import {
  type AdminFeedbackFlow,
  type FeedbackFlowVersion,
  FeedbackFlowWrite,
  type FlowCaptureType,
  type FlowField,
  type FlowFieldType,
  flowCaptureTypes,
  flowFieldTypes,
} from "../../shared/feedback-flows-api.ts";
import { messages } from "../../shared/form-rule-messages.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

export { flowCaptureTypes, flowFieldTypes };

/** Report types the messenger's default flows file; a flow may name its own (upper case). */
export const knownFeedbackTypes = ["BUG", "FEATURE_REQUEST", "INQUIRY", "CRASH"] as const;

/** A field's texts in another language: its label, placeholder and a select's options one a line. */
export interface FlowFieldTexts {
  label: string;
  placeholder: string;
  options: string;
}

/**
 * One field of the flow as the editor holds it: a select's options one a line, and its texts in the
 * widget's other languages (kept with the field, so they move and are renamed with it).
 */
export interface FlowFieldForm {
  key: string;
  type: FlowFieldType;
  label: string;
  placeholder: string;
  required: boolean;
  options: string;
  captureType: FlowCaptureType;
  translations: Record<TranslationLanguage, FlowFieldTexts>;
}

/** The flow's own texts in another language. */
export interface FlowTexts {
  title: string;
  description: string;
  successMessage: string;
}

export interface FlowForm {
  key: string;
  title: string;
  description: string;
  feedbackType: string;
  successMessage: string;
  icon: string;
  showOnHome: boolean;
  live: boolean;
  fields: FlowFieldForm[];
  translations: Record<TranslationLanguage, FlowTexts>;
}

const noFieldTexts: FlowFieldTexts = { label: "", placeholder: "", options: "" };
const noFlowTexts: FlowTexts = { title: "", description: "", successMessage: "" };
const eachLanguage = <T>(make: (language: TranslationLanguage) => T): Record<TranslationLanguage, T> => ({
  de: make("de"),
  ar: make("ar"),
});

/** Whether a field shows a placeholder (the others' would never be read). */
export const fieldHasPlaceholder = (type: FlowFieldType) =>
  type === "text" || type === "textarea" || type === "email";

/** Rule texts of this form that the shared rules do not have (message ids of the projects area). */
export const keyRule = "projects.rule.key";
export const feedbackTypeRule = "projects.rule.feedbackType";
export const duplicateKeyRule = "projects.rule.duplicateKey";
export const noFieldsRule = "projects.rule.noFields";
export const tooManyFieldsRule = "projects.rule.tooManyFields";

export const flowLimits = { fields: 30, options: 50, key: 64, title: 200, text: 1000, icon: 40 } as const;

export const emptyFlowField = (index: number): FlowFieldForm => ({
  key: index === 0 ? "description" : `field${index + 1}`,
  type: index === 0 ? "textarea" : "text",
  label: "",
  placeholder: "",
  required: index === 0,
  options: "",
  captureType: "screenshot",
  translations: eachLanguage(() => noFieldTexts),
});

/** A new flow: one required description field, a draft until the admin makes it live. */
export const emptyFlowForm = (): FlowForm => ({
  key: "",
  title: "",
  description: "",
  feedbackType: "BUG",
  successMessage: "",
  icon: "",
  showOnHome: true,
  live: false,
  fields: [emptyFlowField(0)],
  translations: eachLanguage(() => noFlowTexts),
});

export function flowFormFromFlow(flow: AdminFeedbackFlow): FlowForm {
  const versionOf = (language: TranslationLanguage): FeedbackFlowVersion =>
    flow.translations?.[language] ?? {};
  return {
    key: flow.key,
    title: flow.title,
    description: flow.description,
    feedbackType: flow.feedbackType,
    successMessage: flow.successMessage,
    icon: flow.icon,
    showOnHome: flow.showOnHome,
    live: flow.status === "live",
    fields: flow.fields.map((field) => ({
      key: field.key,
      type: field.type,
      label: field.label,
      placeholder: field.placeholder ?? "",
      required: Boolean(field.required),
      options: (field.options ?? []).join("\n"),
      captureType: field.captureType ?? "screenshot",
      translations: eachLanguage((language) => {
        const texts = versionOf(language).fields?.[field.key];
        return {
          label: texts?.label ?? "",
          placeholder: texts?.placeholder ?? "",
          options: (texts?.options ?? []).join("\n"),
        };
      }),
    })),
    translations: eachLanguage((language) => {
      const version = versionOf(language);
      return {
        title: version.title ?? "",
        description: version.description ?? "",
        successMessage: version.successMessage ?? "",
      };
    }),
  };
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The form with the flow's own texts in `language` changed. */
export const withFlowTexts = (
  form: FlowForm,
  language: TranslationLanguage,
  change: Partial<FlowTexts>,
): FlowForm => ({
  ...form,
  translations: { ...form.translations, [language]: { ...form.translations[language], ...change } },
});

/** The form with field `index`'s texts in `language` changed. */
export const withFieldTexts = (
  form: FlowForm,
  index: number,
  language: TranslationLanguage,
  change: Partial<FlowFieldTexts>,
): FlowForm => ({
  ...form,
  fields: form.fields.map((field, at) =>
    at === index
      ? {
          ...field,
          translations: { ...field.translations, [language]: { ...field.translations[language], ...change } },
        }
      : field,
  ),
});

/** A text under its name, trimmed; nothing for an empty one (the English shows there). */
const written = (name: string, text: string): Record<string, string> =>
  text.trim() === "" ? {} : { [name]: text.trim() };

/** The flow's texts in `language` as the API takes them; null when nothing of it is written. */
function flowVersion(form: FlowForm, language: TranslationLanguage): FeedbackFlowVersion | null {
  const own = form.translations[language];
  const fields: NonNullable<FeedbackFlowVersion["fields"]> = {};
  for (const field of form.fields) {
    const texts = field.translations[language];
    const options = field.type === "select" ? lines(texts.options) : [];
    const version = {
      ...written("label", texts.label),
      ...(fieldHasPlaceholder(field.type) ? written("placeholder", texts.placeholder) : {}),
      ...(options.length > 0 ? { options } : {}),
    };
    if (Object.keys(version).length > 0) fields[field.key.trim()] = version;
  }
  const version: FeedbackFlowVersion = {
    ...written("title", own.title),
    ...written("description", own.description),
    ...written("successMessage", own.successMessage),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
  return Object.keys(version).length > 0 ? version : null;
}

/** The body of `POST`/`PUT …/feedback-flows`; `position` keeps an edited flow where it was. */
export function flowWrite(form: FlowForm, position?: number): FeedbackFlowWrite {
  const fields: FlowField[] = form.fields.map((field) => ({
    key: field.key.trim(),
    type: field.type,
    label: field.label.trim(),
    ...(field.placeholder.trim() ? { placeholder: field.placeholder.trim() } : {}),
    required: field.required,
    ...(field.type === "select" ? { options: lines(field.options) } : {}),
    ...(field.type === "capture" ? { captureType: field.captureType } : {}),
  }));
  return {
    key: form.key.trim(),
    title: form.title.trim(),
    description: form.description.trim(),
    feedbackType: form.feedbackType.trim(),
    fields,
    successMessage: form.successMessage.trim(),
    showOnHome: form.showOnHome,
    icon: form.icon.trim(),
    status: form.live ? "live" : "draft",
    ...(position === undefined ? {} : { position }),
    translations: { de: flowVersion(form, "de"), ar: flowVersion(form, "ar") },
  };
}

const keyPattern = /^[A-Za-z0-9_-]+$/;

function textRule(value: string, field: string, max: number, required: boolean): string | null {
  const text = value.trim();
  if (!text) return required ? messages.required(field) : null;
  return text.length > max ? messages.tooLong(max + 1) : null;
}

/**
 * Every rule of the flow, keyed by the form's path (`fields.2.options`), in the shared rules' words;
 * then the API's own schema over the body, so nothing it would refuse is sent.
 */
export function validateFlowForm(form: FlowForm): FieldErrors {
  const errors: FieldErrors = {};
  const set = (path: string, message: string | null) => {
    if (message && !(path in errors)) errors[path] = message;
  };
  set("key", textRule(form.key, "key", flowLimits.key, true));
  if (form.key.trim() && !keyPattern.test(form.key.trim())) set("key", keyRule);
  set("title", textRule(form.title, "title", flowLimits.title, true));
  set("description", textRule(form.description, "description", flowLimits.text, false));
  set("successMessage", textRule(form.successMessage, "successMessage", flowLimits.text, false));
  set("icon", textRule(form.icon, "icon", flowLimits.icon, false));
  set("feedbackType", textRule(form.feedbackType, "feedbackType", 40, true));
  if (form.feedbackType.trim() && !/^[A-Z][A-Z_]*$/.test(form.feedbackType.trim()))
    set("feedbackType", feedbackTypeRule);

  if (form.fields.length === 0) set("fields", noFieldsRule);
  if (form.fields.length > flowLimits.fields) set("fields", tooManyFieldsRule);
  const keys = new Set<string>();
  form.fields.forEach((field, index) => {
    const at = (name: string) => `fields.${index}.${name}`;
    set(at("key"), textRule(field.key, "key", flowLimits.key, true));
    if (field.key.trim() && !keyPattern.test(field.key.trim())) set(at("key"), keyRule);
    const lower = field.key.trim().toLowerCase();
    if (lower && keys.has(lower)) set(at("key"), duplicateKeyRule);
    keys.add(lower);
    set(at("label"), textRule(field.label, "label", flowLimits.title, true));
    set(at("placeholder"), textRule(field.placeholder, "placeholder", flowLimits.title, false));
    if (field.type === "select") {
      const options = lines(field.options);
      if (options.length === 0) set(at("options"), messages.required("options"));
      else if (options.length > flowLimits.options) set(at("options"), tooManyFieldsRule);
      else if (options.some((option) => option.length > flowLimits.title))
        set(at("options"), messages.tooLong(flowLimits.title + 1));
    }
  });
  // The API's schema last: anything the rules above let through (a NUL character) still shows.
  for (const [path, message] of Object.entries(fieldErrors(flowWrite(form), FeedbackFlowWrite))) {
    if (!Object.keys(errors).some((known) => known === path || known.startsWith(`${path}.`)))
      set(path, message);
  }
  return errors;
}

/** Moves field `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveField(fields: readonly FlowFieldForm[], from: number, by: -1 | 1): FlowFieldForm[] {
  const to = from + by;
  if (from < 0 || from >= fields.length || to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** A key for a new field that no other field has (`field3`, `field4`, …). */
export function freshFieldKey(fields: readonly FlowFieldForm[]): string {
  const taken = new Set(fields.map((field) => field.key.trim().toLowerCase()));
  let number = fields.length + 1;
  while (taken.has(`field${number}`)) number++;
  return `field${number}`;
}
