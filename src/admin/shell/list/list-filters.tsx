import type { ReactNode } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";
import { FilterSelect } from "./filter-select.tsx";

/**
 * A list's filters as one group, with a reset button while any search or filter narrows the list
 * (`active`). `legend` and `reset` name the group and the button for screen readers and the eye.
 */
export function ListFilters({
  active,
  onReset,
  legend = "list.filters",
  reset = "list.reset",
  children,
}: {
  active: boolean;
  onReset: () => void;
  legend?: MessageId;
  reset?: MessageId;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t(legend)}</legend>
      {children}
      {active && (
        <Button variant="tertiary" size="sm" onClick={onReset}>
          {t(reset)}
        </Button>
      )}
    </fieldset>
  );
}

/** A filter on one of the API's `values`, or any (`null`); `optionLabel` names a value's message. */
export function ChoiceFilter<T extends string>({
  name,
  label,
  value,
  values,
  optionLabel,
  onChange,
}: {
  name: string;
  label: MessageId;
  value: T | null;
  values: readonly T[];
  optionLabel: (value: T) => MessageId;
  onChange: (value: T | null) => void;
}) {
  return (
    <FilterSelect
      name={name}
      label={label}
      value={value ?? ""}
      options={values.map((option) => ({ value: option, label: optionLabel(option) }))}
      // The select offers only `values` and "" (any), so looking the choice up needs no cast.
      onChange={(selected) => onChange(values.find((option) => option === selected) ?? null)}
    />
  );
}
