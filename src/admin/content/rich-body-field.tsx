import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import type { RichBody } from "./rich-body.ts";

/**
 * A content form's rich body: the editor, and the form's error for it under it. The group carries
 * `data-invalid`, so a refused save puts the focus into it (focusFirstInvalid).
 */
export function RichBodyField({
  id,
  label,
  value,
  error,
  projectId,
  onChange,
}: {
  id: string;
  label: string;
  value: RichBody;
  error: string | null;
  projectId: string;
  onChange: (value: RichBody) => void;
}) {
  return (
    <div className="rich-body-field" data-invalid={error ? "true" : undefined}>
      <RichTextEditor id={id} label={label} value={value} projectId={projectId} onChange={onChange} />
      {error && (
        <p className="form-error field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
