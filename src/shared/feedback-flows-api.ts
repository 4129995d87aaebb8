import {
  array,
  boolean,
  enums,
  type Infer,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
} from "superstruct";
import { type Translations, translationsOf } from "./content-languages.ts";
import { boundedText, Key, Position, type Stored, uniqueBy } from "./payload-text.ts";

/**
 * The messenger's feedback flows: what the frame app reads under `/api/widget` with the session headers,
 * and what the admin writes under `/api/projects/{projectId}/…`.
 *
 * Widget routes (session auth, JSON):
 *   GET  /flows/{flowKey}                     → FeedbackFlow (404 when no live flow has that key)
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   feedback-flows:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is FeedbackFlowWrite;
 *     404 unknown project or record, 409 a taken flow key, 400 invalid fields
 */

export const flowFieldTypes = [
  "text",
  "textarea",
  "email",
  "rating",
  "select",
  "checkbox",
  "capture",
] as const;
export type FlowFieldType = (typeof flowFieldTypes)[number];

export const flowCaptureTypes = ["screenshot", "capture", "both"] as const;
export type FlowCaptureType = (typeof flowCaptureTypes)[number];

export const FlowField = object({
  /** The form data key the answer is sent under (`description`, `reportedBy`, `capture`, …). */
  key: Key,
  type: enums(flowFieldTypes),
  label: boundedText(1, 200),
  placeholder: optional(boundedText(0, 200)),
  required: optional(boolean()),
  /** The choices of a `select` field. */
  options: optional(size(array(boundedText(1, 200)), 0, 50)),
  /**
   * `capture`: which capture the field asks the host for: a screenshot, a screen recording
   * (`capture`, the SDK's word), or `both`, where the visitor picks one of the two.
   */
  captureType: optional(enums(flowCaptureTypes)),
});
export type FlowField = Infer<typeof FlowField>;

/** A field's texts in another language; empty ones fall back to the field's own (English). */
export const FlowFieldVersion = object({
  label: optional(boundedText(0, 200)),
  placeholder: optional(boundedText(0, 200)),
  /** A `select` field's choices in that language, in the order of the field's own (as many). */
  options: optional(size(array(boundedText(0, 200)), 0, 50)),
});
export type FlowFieldVersion = Infer<typeof FlowFieldVersion>;

/**
 * A flow's texts in another language (`translations.de`, `translations.ar`), its fields' by field key.
 * The widget gets the flow in Gleap's format with these texts in place (content-languages.ts).
 */
export const FeedbackFlowVersion = object({
  title: optional(boundedText(0, 200)),
  description: optional(boundedText(0, 1000)),
  successMessage: optional(boundedText(0, 1000)),
  fields: optional(
    refine(record(Key, FlowFieldVersion), "fields", (fields) =>
      Object.keys(fields).length <= 30 ? true : "may name at most 30 fields",
    ),
  ),
});
export type FeedbackFlowVersion = Infer<typeof FeedbackFlowVersion>;

/**
 * A translation names only the flow's own fields, and a translated `select` offers as many choices
 * as the field (the visitor's choice is found by its place). The failure names the translated field.
 */
function flowTranslationsVerdict(
  flow: { fields: FlowField[]; translations?: Translations<FeedbackFlowVersion | null> },
  context: { path: Array<string | number> },
): true | { message: string; path: Array<string | number> } {
  for (const [language, version] of Object.entries(flow.translations ?? {})) {
    for (const [key, text] of Object.entries(version?.fields ?? {})) {
      const path = [...context.path, "translations", language, "fields", key];
      const field = flow.fields.find((candidate) => candidate.key === key);
      if (!field) return { message: `The ${language} translation names no field ${key} of the flow`, path };
      const count = field.options?.length ?? 0;
      if (text.options?.length && text.options.length !== count)
        return {
          message: `The ${language} translation of ${key} must offer ${count} options, as the field does`,
          path: [...path, "options"],
        };
    }
  }
  return true;
}

/** What an admin writes; `key` is what hosts start the flow by (`Gleap.startFeedbackFlow(key)`). */
const FeedbackFlowFields = object({
  /** Unique per project, compared without case. */
  key: Key,
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** The report type the submission files: BUG, FEATURE_REQUEST, INQUIRY, … */
  feedbackType: pattern(boundedText(1, 40), /^[A-Z][A-Z_]*$/),
  /** Field keys are unique; a `select` field has options. */
  fields: refine(size(array(FlowField), 1, 30), "fields", (fields) => {
    const missing = fields.find((field) => field.type === "select" && !field.options?.length);
    if (missing) return `${missing.key} needs options`;
    return uniqueBy(fields, (field) => field.key.toLowerCase(), "field keys");
  }),
  successMessage: optional(boundedText(0, 1000)),
  /** Shown as an action on the messenger's home screen. */
  showOnHome: optional(boolean()),
  icon: optional(boundedText(0, 40)),
  status: enums(["draft", "live"]),
  position: optional(Position),
  /** The flow's texts in the widget's other languages. */
  translations: translationsOf(FeedbackFlowVersion),
});
export const FeedbackFlowWrite = refine(FeedbackFlowFields, "translations", flowTranslationsVerdict);
export type FeedbackFlowWrite = Infer<typeof FeedbackFlowWrite>;

export interface FeedbackFlow {
  id: string;
  key: string;
  title: string;
  description: string;
  feedbackType: string;
  fields: FlowField[];
  successMessage: string;
  showOnHome: boolean;
  icon: string;
}

// ---------- admin answers (under /api/projects) ----------

/** The widget's view of the flow plus what only the admin sees. */
export interface AdminFeedbackFlow extends Stored, FeedbackFlow {
  status: "draft" | "live";
  position: number;
  /** As written; the widget also translates a default flow's unchanged English texts by itself. */
  translations: Translations<FeedbackFlowVersion>;
}
