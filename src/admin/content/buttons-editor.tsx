import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { TextField } from "./content-fields.tsx";
import { EntryListSection } from "./entry-controls.tsx";
import { type ButtonState, editableButtonActions, maxButtons, newButton } from "./outbound-buttons.ts";

type ErrorOf = (path: string, label: string) => string | null;

/** A banner's or modal's buttons (at most three): label, what it does and its target, style. */
export function ButtonsEditor({
  prefix,
  buttons,
  errorOf,
  onChange,
}: {
  prefix: string;
  buttons: ButtonState[];
  errorOf: ErrorOf;
  onChange: (buttons: ButtonState[]) => void;
}) {
  const { t } = useT();
  return (
    <EntryListSection
      titleId={`${prefix}-buttons-title`}
      title={t("content.section.buttons")}
      empty={<p className="subtle">{t("content.noButtons")}</p>}
      entries={buttons}
      // Buttons have no id; their place is what they are.
      keyOf={(_, index) => index}
      entryLabel={(index) => t("content.buttonNumber", { n: index + 1 })}
      addLabel={t("content.addButton")}
      onAdd={buttons.length < maxButtons ? () => onChange([...buttons, newButton()]) : undefined}
      onChange={onChange}
    >
      {(button, index, set) => (
        <ButtonFields
          id={`${prefix}-button-${index}`}
          path={`config.buttons.${index}`}
          button={button}
          errorOf={errorOf}
          set={set}
        />
      )}
    </EntryListSection>
  );
}

/** One button's label, action and style, and the target its action needs. */
function ButtonFields({
  id,
  path,
  button,
  errorOf,
  set,
}: {
  id: string;
  path: string;
  button: ButtonState;
  errorOf: ErrorOf;
  set: (change: Partial<ButtonState>) => void;
}) {
  const { t } = useT();
  const known = (editableButtonActions as readonly string[]).includes(button.action);
  const targetLabel =
    button.action === "open-url" ||
    button.action === "start-custom-action" ||
    button.action === "start-conversation"
      ? t(`content.target.${button.action}`)
      : null;
  return (
    <>
      <div className="form-row">
        <TextField
          id={`${id}-text`}
          label={t("content.button.text")}
          value={button.text}
          error={errorOf(`${path}.text`, t("content.button.text"))}
          onChange={(text) => set({ text })}
        />
        <SelectField
          id={`${id}-action`}
          label={t("content.button.action")}
          value={button.action}
          options={[
            ...editableButtonActions.map((action) => ({
              value: action as string,
              text: t(`content.action.${action}`),
            })),
            // A stored action this editor does not set up (show a form, an article) stays choosable.
            ...(known
              ? []
              : [{ value: button.action, text: t("content.action.other", { action: button.action }) }]),
          ]}
          onChange={(action) => set({ action, target: "" })}
        />
        <SelectField
          id={`${id}-style`}
          label={t("content.button.style")}
          value={button.style}
          options={[
            { value: "primary", text: t("content.button.primary") },
            { value: "secondary", text: t("content.button.secondary") },
          ]}
          onChange={(style) => set({ style })}
        />
      </div>
      {targetLabel && (
        <TextField
          id={`${id}-target`}
          label={targetLabel}
          value={button.target}
          error={errorOf(`${path}.target`, targetLabel)}
          placeholder={button.action === "open-url" ? "https://" : undefined}
          onChange={(target) => set({ target })}
        />
      )}
    </>
  );
}
