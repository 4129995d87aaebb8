import { useT } from "../i18n/intl.ts";
import { InputField } from "../shell/form/form-inputs.tsx";

/** Where a collection or an article stands among its siblings: a whole number from 0 to 10,000. */
export function HelpPositionField({
  id,
  value,
  error,
  describedBy,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  describedBy?: string;
  onChange: (position: string) => void;
}) {
  const { t } = useT();
  return (
    <InputField
      id={id}
      label={t("help.field.position")}
      type="number"
      inputMode="numeric"
      min={0}
      max={10_000}
      value={value}
      error={error}
      describedBy={describedBy}
      onChange={onChange}
    />
  );
}
