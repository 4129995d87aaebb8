import { CopyButton } from "./copy-button.tsx";

/** A read-only code box with its label and copy button: focusable, and a click selects it whole. */
export function CodeBlock({
  id,
  label,
  copyLabel,
  text,
  rows,
}: {
  id: string;
  label: string;
  copyLabel: string;
  text: string;
  rows: number;
}) {
  return (
    <>
      <div className="snippet-head">
        <label className="copy-label" htmlFor={id}>
          {label}
        </label>
        <CopyButton text={text} label={copyLabel} testId={`copy-${id}`} />
      </div>
      <textarea
        id={id}
        className="snippet-code"
        data-testid={id}
        readOnly
        rows={rows}
        spellCheck={false}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
    </>
  );
}
