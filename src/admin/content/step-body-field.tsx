import { useT } from "../i18n/intl.ts";
import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import { TextField } from "./content-fields.tsx";
import { isHtmlBody, type StepBody } from "./step-body.ts";

/**
 * A step's body: the rich-text editor, or, for a step stored as HTML before the editor existed (the
 * builder's steps, older content), that HTML as text until it is emptied, since the editor cannot open
 * HTML without changing it.
 */
export function StepBodyField({
  id,
  label,
  value,
  error,
  projectId,
  onChange,
}: {
  id: string;
  label: string;
  value: StepBody;
  error: string | null;
  projectId: string;
  onChange: (value: StepBody) => void;
}) {
  const { t } = useT();
  if (isHtmlBody(value))
    return (
      <TextField
        id={id}
        label={t("content.guide.step.messageHtml")}
        value={value}
        hint={t("content.guide.step.messageHtmlHint")}
        multiline
        code
        error={error}
        onChange={onChange}
      />
    );
  return (
    <div className="step-body-field" data-invalid={error ? "true" : undefined}>
      <RichTextEditor
        id={id}
        label={label}
        value={typeof value === "string" ? null : value}
        projectId={projectId}
        onChange={onChange}
      />
      {error && (
        <p className="form-error field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
