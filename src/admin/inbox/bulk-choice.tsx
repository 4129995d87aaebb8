import type { ReactNode } from "react";

/** A labelled choice of the bulk bar: the status, priority or assignee its button then sets. */
export function BulkChoice({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s. */
  children: ReactNode;
}) {
  return (
    <label className="inbox-bulk-status">
      <span>{label}</span>
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** One option per value, reading `text(value)`. */
export function ValueOptions<T extends string>({
  values,
  text,
}: {
  values: readonly T[];
  text: (value: T) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {text(value)}
        </option>
      ))}
    </>
  );
}
