import { useT } from "../i18n/intl.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { SkillIcon } from "./skill-icon.tsx";

/** The icon text (an emoji or a picture link) with a live preview of how lists will show it. */
export function IconField({
  id,
  value,
  hint,
  error,
  onChange,
}: {
  id: string;
  value: string;
  hint: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  return (
    <FormField id={id} label={t("skill.field.icon")} error={error}>
      {(props) => (
        <>
          <div className="icon-input">
            <input
              {...props}
              name="icon"
              maxLength={2048}
              autoComplete="off"
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
            {/* An empty preview is decoration; with an icon it is a picture with a name. */}
            {value.trim() ? (
              <span className="icon-preview" role="img" aria-label={t("skillForm.iconPreview")}>
                <SkillIcon icon={value.trim()} size="lg" />
              </span>
            ) : (
              <span className="icon-preview" aria-hidden="true" />
            )}
          </div>
          <p className="field-hint">{hint}</p>
        </>
      )}
    </FormField>
  );
}
