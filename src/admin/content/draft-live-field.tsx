import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";

/** The areas whose records are a draft or live, in their own words (`{area}.field.status`, `{area}.status.*`). */
type DraftLiveArea = "bots" | "help";

/** Whether a record is a draft or live (visitors see it), as the area says it. */
export function DraftLiveField({
  id,
  area,
  value,
  onChange,
}: {
  id: string;
  area: DraftLiveArea;
  value: "draft" | "live";
  onChange: (status: "draft" | "live") => void;
}) {
  const { t } = useT();
  return (
    <SelectField
      id={id}
      label={t(`${area}.field.status`)}
      value={value}
      options={[
        { value: "draft", text: t(`${area}.status.draft`) },
        { value: "live", text: t(`${area}.status.live`) },
      ]}
      onChange={onChange}
    />
  );
}
