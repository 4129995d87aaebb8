import { useT } from "../i18n/intl.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { IconField } from "./icon-field.tsx";
import { type RootSkillFormState, withName } from "./root-skill-form-state.ts";
import { SkillNameField } from "./skill-form-fields.tsx";
import type { UpdateRootSkillForm } from "./use-root-skill-form.ts";

/**
 * The root skill's name, its icon and, while it is being created, its id (which follows the name
 * until the admin types one; it cannot change later).
 */
export function RootSkillDetailsCard({
  creating,
  state,
  labelOf,
  error,
  update,
}: {
  creating: boolean;
  state: Pick<RootSkillFormState, "name" | "id" | "icon">;
  labelOf: (path: string) => string;
  error: (path: string) => string | null;
  update: UpdateRootSkillForm;
}) {
  const { t } = useT();
  return (
    <section className="detail-card">
      <h2>{t("skillForm.section.details")}</h2>
      <SkillNameField
        id="skill-name"
        label={labelOf("name")}
        error={error("name")}
        value={state.name}
        onChange={(name) => update((current) => withName(current, name), ["name", "id"])}
      />
      {creating && (
        <FormField id="skill-id" label={labelOf("id")} error={error("id")} describedBy="skill-id-hint">
          {(props) => (
            <>
              <input
                {...props}
                name="id"
                autoComplete="off"
                spellCheck={false}
                value={state.id}
                onChange={(event) => {
                  const id = event.target.value;
                  update((current) => ({ ...current, id, idTouched: true }), ["id"]);
                }}
              />
              <p className="field-hint" id="skill-id-hint">
                {t("skillForm.idHint")}
              </p>
            </>
          )}
        </FormField>
      )}
      <IconField
        id="skill-icon"
        value={state.icon}
        hint={t("skillForm.iconHint")}
        error={error("icon")}
        onChange={(icon) => update((current) => ({ ...current, icon }), ["icon"])}
      />
    </section>
  );
}
