import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";

export interface FilterOption {
  value: string;
  /** A message id, or `text` for a name that is not translated (a company). */
  label?: MessageId;
  text?: string;
}

/** A list filter: "Any" (empty) or one of the options. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: MessageId;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  return (
    <label className="filter-field">
      <span>{t(label)}</span>
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("list.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label ? t(option.label) : option.text}
          </option>
        ))}
      </select>
    </label>
  );
}
