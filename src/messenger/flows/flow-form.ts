import type { FeedbackFlow, FlowField } from "../../shared/feedback-flows-api.ts";

/**
 * A feedback flow's form without its views: the values a form starts with, the rules it checks, the
 * draft it keeps, and the `send-feedback` data it sends.
 */

/** What the host's capture editor sent for a capture field (`set-form-data`). */
export interface CaptureValue {
  type: "screenshot" | "capture";
  /** A picture or video to show (data:, https:), when the host sent one. */
  preview: string | null;
}

export type FieldValue = string | number | boolean | CaptureValue | null;
export type FormValues = Record<string, FieldValue>;

export type FieldError =
  | "required"
  | "rating"
  | "option"
  | "tick"
  | "screenshot"
  | "recording"
  | "capture"
  | "email";

/** The error of a required capture field left empty, in the words of what it asks for. */
const missingCapture = { screenshot: "screenshot", capture: "recording", both: "capture" } as const;

/** The reference's e-mail check: something@something.something, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isCapture = (value: FieldValue): value is CaptureValue =>
  typeof value === "object" && value !== null && "type" in value;

const emptyValue = (field: FlowField): FieldValue =>
  field.type === "checkbox" ? false : field.type === "rating" || field.type === "capture" ? null : "";

/** Keys a session's e-mail and name fill in when the flow asks for them. */
const emailKeys = new Set(["email", "reportedby", "useremail"]);
const nameKeys = new Set(["name", "username", "fullname"]);

/** A value of the host's form data (`preFillForm`) in the shape a field takes, or undefined. */
function coerce(field: FlowField, value: unknown): FieldValue | undefined {
  switch (field.type) {
    case "checkbox":
      return typeof value === "boolean"
        ? value
        : value === "true"
          ? true
          : value === "false"
            ? false
            : undefined;
    case "rating": {
      const number = typeof value === "number" ? value : Number(value);
      return Number.isInteger(number) && number >= 1 && number <= 5 ? number : undefined;
    }
    case "capture":
      return captureFrom(value, null) ?? undefined;
    case "select":
      return typeof value === "string" && (field.options ?? []).includes(value) ? value : undefined;
    default:
      return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  }
}

const previewKeys = ["preview", "previewUrl", "dataUrl", "url", "src", "fileUrl"] as const;

/** A URL the frame may show: a picture or video as data, or a web address. */
function showableUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return /^(data:(image|video)\/|https?:\/\/)/i.test(value) ? value : null;
}

/** A preview in whatever shape the host sent it (a URL, or an object naming one). */
export function previewFrom(value: unknown): string | null {
  const direct = showableUrl(value);
  if (direct) return direct;
  if (typeof value !== "object" || value === null) return null;
  for (const key of previewKeys) {
    const found = showableUrl((value as Record<string, unknown>)[key]);
    if (found) return found;
  }
  return null;
}

/**
 * The capture editor's answer (spec §3 "Capture form data": `{value: "screenshot" | "capture",
 * dirty: true}`, or the type alone), with a preview from the value or from `preview` (another key).
 */
export function captureFrom(value: unknown, preview: unknown): CaptureValue | null {
  const type =
    typeof value === "string"
      ? value
      : ((value as { value?: unknown; type?: unknown } | null)?.value ??
        (value as { type?: unknown } | null)?.type);
  if (type !== "screenshot" && type !== "capture") return null;
  return { type, preview: previewFrom(value) ?? previewFrom(preview) };
}

/** Host form-data keys that carry a capture's picture or recording. */
export const capturePreviewKeys = [
  "capturePreview",
  "screenshotPreview",
  "screenshotData",
  "screenRecordingData",
];

/** The capture a field should show from the host's form data, if any. */
export function captureForField(field: FlowField, formData: Record<string, unknown>): CaptureValue | null {
  const raw = formData[field.key] ?? (field.key !== "capture" ? formData.capture : undefined);
  const preview = capturePreviewKeys.map((key) => formData[key]).find((value) => previewFrom(value) !== null);
  return captureFrom(raw, preview);
}

/**
 * The values a flow's form starts with: empty, then the session's e-mail and name, then what the host
 * pre-filled (`preFillForm`), then the visitor's own draft (what they typed wins).
 */
export function initialValues(
  flow: Pick<FeedbackFlow, "fields">,
  sources: {
    session?: Record<string, unknown> | null;
    formData?: Record<string, unknown>;
    draft?: FormValues | null;
  },
): FormValues {
  const values: FormValues = {};
  const email = typeof sources.session?.email === "string" ? sources.session.email : "";
  const name = typeof sources.session?.name === "string" ? sources.session.name : "";
  for (const field of flow.fields) {
    let value = emptyValue(field);
    const key = field.key.toLowerCase();
    if (email && (field.type === "email" || emailKeys.has(key))) value = email;
    else if (name && field.type === "text" && nameKeys.has(key)) value = name;
    if (field.type === "capture") value = captureForField(field, sources.formData ?? {}) ?? value;
    else {
      const prefilled = coerce(field, sources.formData?.[field.key]);
      if (prefilled !== undefined) value = prefilled;
    }
    const drafted = sources.draft?.[field.key];
    if (drafted !== undefined && field.type !== "capture") {
      const restored = coerce(field, drafted);
      if (restored !== undefined) value = restored;
    }
    values[field.key] = value;
  }
  return values;
}

/** The rule a field's value breaks, or null. */
export function fieldError(field: FlowField, value: FieldValue): FieldError | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (field.required) {
    switch (field.type) {
      case "rating":
        if (typeof value !== "number") return "rating";
        break;
      case "select":
        if (text === "") return "option";
        break;
      case "checkbox":
        if (value !== true) return "tick";
        break;
      case "capture":
        if (!isCapture(value)) return missingCapture[field.captureType ?? "screenshot"];
        break;
      default:
        if (text === "") return "required";
    }
  }
  if (field.type === "email" && text !== "" && !emailPattern.test(text)) return "email";
  return null;
}

export function formErrors(
  flow: Pick<FeedbackFlow, "fields">,
  values: FormValues,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of flow.fields) {
    const error = fieldError(field, values[field.key] ?? null);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/**
 * `send-feedback`'s data (WIDGET-PROTOCOL "The frame side"): the form's values by key (texts trimmed,
 * a capture as its type), the session's e-mail as `reportedBy` when the form has none, and the flow's
 * report type. A capture field left empty excludes the screenshot.
 */
export function feedbackMessage(
  flow: Pick<FeedbackFlow, "fields" | "feedbackType">,
  values: FormValues,
  session: Record<string, unknown> | null,
) {
  const formData: Record<string, unknown> = {};
  let captureAttached = false;
  let hasCaptureField = false;
  for (const field of flow.fields) {
    const value = values[field.key] ?? null;
    if (field.type === "capture") {
      hasCaptureField = true;
      if (isCapture(value)) {
        captureAttached = true;
        formData[field.key] = value.type;
      }
      continue;
    }
    if (value === null || value === "") continue;
    formData[field.key] = typeof value === "string" ? value.trim() : value;
  }
  const email = typeof session?.email === "string" ? session.email : "";
  if (formData.reportedBy === undefined && email) formData.reportedBy = email;
  const excludeData: Record<string, boolean> =
    hasCaptureField && !captureAttached ? { screenshot: true } : {};
  return {
    name: "send-feedback" as const,
    data: {
      formData,
      action: {
        feedbackType: flow.feedbackType,
        excludeData,
      },
      outboundId: null,
      spamToken: null,
    },
  };
}

/** The visitor's unsent text per flow, in the frame's sessionStorage (survives Back, closing, reloads). */
export interface DraftStore {
  load(): FormValues | null;
  save(values: FormValues): void;
  clear(): void;
}

export function draftStore(
  sdkKey: string,
  flowKey: string,
  storage: Storage | null = sessionStorageOrNull(),
): DraftStore {
  const key = `gleap-messenger-flow-draft-${sdkKey}-${flowKey}`;
  return {
    load() {
      try {
        const raw = storage?.getItem(key);
        const parsed = raw ? (JSON.parse(raw) as unknown) : null;
        return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as FormValues) : null;
      } catch {
        return null;
      }
    },
    save(values) {
      // A capture lives in the host's editor, not here; only what the visitor typed or chose is kept.
      const kept = Object.fromEntries(
        Object.entries(values).filter(
          ([, value]) => value !== null && value !== "" && value !== false && !isCapture(value),
        ),
      );
      try {
        if (Object.keys(kept).length === 0) storage?.removeItem(key);
        else storage?.setItem(key, JSON.stringify(kept));
      } catch {
        // Storage full or refused: the form still holds the values while it shows.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
