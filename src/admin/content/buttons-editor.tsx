import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { TextField } from "./content-fields.tsx";
import { EntryControls } from "./entry-controls.tsx";
import { moveBy, removeAt, replaceAt } from "./list-edit.ts";
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
    <section className="detail-card" aria-labelledby={`${prefix}-buttons-title`}>
      <h2 id={`${prefix}-buttons-title`}>{t("content.section.buttons")}</h2>
      {buttons.length === 0 && <p className="subtle">{t("content.noButtons")}</p>}
      {buttons.map((button, index) => {
        const path = `config.buttons.${index}`;
        const id = `${prefix}-button-${index}`;
        const set = (change: Partial<ButtonState>) =>
          onChange(replaceAt(buttons, index, { ...button, ...change }));
        const known = (editableButtonActions as readonly string[]).includes(button.action);
        const targetLabel =
          button.action === "open-url" ||
          button.action === "start-custom-action" ||
          button.action === "start-conversation"
            ? t(`content.target.${button.action}`)
            : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their place is what they are.
          <div className="content-entry" key={index}>
            <EntryControls
              label={t("content.buttonNumber", { n: index + 1 })}
              index={index}
              count={buttons.length}
              onMove={(by) => onChange(moveBy(buttons, index, by))}
              onRemove={() => onChange(removeAt(buttons, index))}
            />
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
          </div>
        );
      })}
      {buttons.length < maxButtons && (
        <Button size="sm" variant="secondary" onClick={() => onChange([...buttons, newButton()])}>
          {t("content.addButton")}
        </Button>
      )}
    </section>
  );
}
