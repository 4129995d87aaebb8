import type { ReactNode } from "react";
import type { FlowField } from "../../shared/feedback-flows-api.ts";
import type { Translate } from "../shell/i18n.ts";
import { Icon, lineStroke } from "../shell/icons.tsx";
import { StarRating } from "../shell/star-rating.tsx";
import { FieldErrorText } from "../shell/states.tsx";
import { type CaptureValue, type FieldError, type FieldValue, isCapture } from "./flow-form.ts";
import type { FlowTextKey } from "./flow-texts.ts";

export interface FieldProps {
  field: FlowField;
  value: FieldValue;
  error: FieldError | null;
  onChange(value: FieldValue): void;
  t: Translate<FlowTextKey>;
  /** The capture field's requests to the host. */
  capture: {
    pending: boolean;
    start(type: "screenshot" | "capture"): void;
    cancel(): void;
    remove(): void;
  };
}

export const fieldId = (field: FlowField) => `flow-field-${field.key}`;

/** Label, control, and the rule it breaks; the control gets `aria-invalid` and `aria-describedby`. */
function FieldFrame({
  field,
  error,
  t,
  children,
  labelled = true,
}: Pick<FieldProps, "field" | "error" | "t"> & { children: ReactNode; labelled?: boolean }) {
  const id = fieldId(field);
  const label = (
    <>
      {field.label}
      {!field.required && <span className="field-optional"> ({t("flow.optional")})</span>}
    </>
  );
  return (
    <div className={error ? "field field--invalid" : "field"} data-field={field.key}>
      {labelled ? (
        <label className="field-label" dir="auto" htmlFor={id}>
          {label}
        </label>
      ) : (
        <span className="field-label" dir="auto" id={`${id}-label`}>
          {label}
        </span>
      )}
      {children}
      {error && (
        <FieldErrorText id={`${id}-error`} testId={`error-${field.key}`}>
          {t(`flow.error.${error}`)}
        </FieldErrorText>
      )}
    </div>
  );
}

const describedBy = (field: FlowField, error: FieldError | null) =>
  error ? `${fieldId(field)}-error` : undefined;

function TextField({ field, value, error, onChange, t }: FieldProps) {
  const common = {
    id: fieldId(field),
    name: field.key,
    className: "input",
    dir: "auto",
    value: typeof value === "string" ? value : "",
    placeholder: field.placeholder || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(field, error),
    "aria-required": field.required ? true : undefined,
  };
  return (
    <FieldFrame field={field} error={error} t={t}>
      {field.type === "textarea" ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={field.type === "email" ? "email" : "text"}
          autoComplete={field.type === "email" ? "email" : undefined}
          inputMode={field.type === "email" ? "email" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

function RatingField({ field, value, error, onChange, t }: FieldProps) {
  return (
    <FieldFrame field={field} error={error} t={t} labelled={false}>
      <StarRating
        name={field.key}
        count={5}
        value={typeof value === "number" ? value : 0}
        onChange={onChange}
        size={30}
        className="stars"
        labelledBy={`${fieldId(field)}-label`}
        describedBy={describedBy(field, error)}
        invalid={Boolean(error)}
        firstId={fieldId(field)}
        starLabel={(star) => t("flow.stars", { count: star })}
      />
    </FieldFrame>
  );
}

function SelectField({ field, value, error, onChange, t }: FieldProps) {
  return (
    <FieldFrame field={field} error={error} t={t}>
      <div className="select">
        <select
          id={fieldId(field)}
          name={field.key}
          className="input"
          value={typeof value === "string" ? value : ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, error)}
          aria-required={field.required ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.placeholder || t("flow.choose")}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}

function CheckboxField({ field, value, error, onChange, t }: FieldProps) {
  const id = fieldId(field);
  return (
    <div className={error ? "field field--invalid" : "field"} data-field={field.key}>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          name={field.key}
          type="checkbox"
          checked={value === true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, error)}
          aria-required={field.required ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {field.label}
          {!field.required && <span className="field-optional"> ({t("flow.optional")})</span>}
        </span>
      </label>
      {error && (
        <FieldErrorText id={`${id}-error`} testId={`error-${field.key}`}>
          {t(`flow.error.${error}`)}
        </FieldErrorText>
      )}
    </div>
  );
}

function CapturePreview({ capture }: { capture: CaptureValue }) {
  if (!capture.preview) return null;
  return /^data:video\//i.test(capture.preview) || /\.(webm|mp4)(\?|$)/i.test(capture.preview) ? (
    <video className="capture-thumb" src={capture.preview} muted playsInline />
  ) : (
    <img className="capture-thumb" src={capture.preview} alt="" />
  );
}

/** One way to capture: a screenshot, or a recording of the screen (`capture`). */
function CaptureStart({
  type,
  id,
  describedBy: described,
  invalid,
  t,
  onStart,
}: {
  type: "screenshot" | "capture";
  id: string;
  describedBy: string;
  invalid: boolean;
  t: FieldProps["t"];
  onStart: () => void;
}) {
  return (
    <button
      type="button"
      id={id}
      className="capture capture--start"
      data-capture={type}
      aria-describedby={described}
      aria-invalid={invalid ? true : undefined}
      onClick={onStart}
    >
      <span className="capture-icon">
        <CaptureIcon d={type === "capture" ? recordPath : cameraPath} />
      </span>
      <span className="capture-text">
        <span className="capture-title">
          {type === "capture" ? t("flow.recordScreen") : t("flow.takeScreenshot")}
        </span>
        <span className="capture-hint">
          {type === "capture" ? t("flow.recordingHint") : t("flow.screenshotHint")}
        </span>
      </span>
    </button>
  );
}

function CaptureField({ field, value, error, t, capture }: FieldProps) {
  // `both` offers the two ways side by side; the visitor's pick is what the host is asked for.
  const types: Array<"screenshot" | "capture"> =
    field.captureType === "both" ? ["screenshot", "capture"] : [field.captureType ?? "screenshot"];
  const attached = isCapture(value) ? value : null;
  const id = fieldId(field);
  return (
    <FieldFrame field={field} error={error} t={t} labelled={false}>
      {attached ? (
        <div className="capture capture--attached" data-testid="capture-attached">
          <CapturePreview capture={attached} />
          <span className="capture-icon">
            <Icon name="check" size={18} />
          </span>
          <span className="capture-text">
            {attached.type === "capture" ? t("flow.recordingAttached") : t("flow.screenshotAttached")}
          </span>
          <button type="button" className="button button--ghost" onClick={capture.remove}>
            {t("flow.remove")}
          </button>
        </div>
      ) : capture.pending ? (
        <div className="capture capture--pending" role="status">
          <span className="capture-spinner" aria-hidden="true" />
          <span className="capture-text">{t("flow.capturing")}</span>
          <button type="button" className="button button--ghost" onClick={capture.cancel}>
            {t("flow.cancel")}
          </button>
        </div>
      ) : (
        <div className="capture-starts">
          {types.map((type, index) => (
            <CaptureStart
              key={type}
              type={type}
              // The label points at the first way; the second has its own id.
              id={index === 0 ? id : `${id}-${type}`}
              describedBy={[`${id}-label`, describedBy(field, error)].filter(Boolean).join(" ")}
              invalid={Boolean(error)}
              t={t}
              onStart={() => capture.start(type)}
            />
          ))}
        </div>
      )}
    </FieldFrame>
  );
}

/** A line drawing in the capture button (a camera, a video camera). */
function CaptureIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" {...lineStroke}>
      <path d={d} />
    </svg>
  );
}

const cameraPath = "M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z";
const recordPath = "M3 7h12v10H3zM15 10.5 21 7v10l-6-3.5";

/** The control for a field of any type. */
export function FlowFieldView(props: FieldProps) {
  switch (props.field.type) {
    case "rating":
      return <RatingField {...props} />;
    case "select":
      return <SelectField {...props} />;
    case "checkbox":
      return <CheckboxField {...props} />;
    case "capture":
      return <CaptureField {...props} />;
    default:
      return <TextField {...props} />;
  }
}
