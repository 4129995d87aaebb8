import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import type { BannerConfigState } from "./banner-config.ts";
import { ButtonsEditor } from "./buttons-editor.tsx";
import { type ChecklistConfigState, newChecklistStep } from "./checklist-config.ts";
import { CheckboxField, SelectField, TextField } from "./content-fields.tsx";
import { EntryControls } from "./entry-controls.tsx";
import { moveBy, removeAt, replaceAt } from "./list-edit.ts";
import type { ModalConfigState } from "./modal-config.ts";
import type { NotificationConfigState } from "./notification-config.ts";
import { newTourStep, type TourConfigState } from "./tour-config.ts";

// The per-kind part of the outbound editor: each form edits its kind's config only; the shell around
// it (outbound-editor.tsx) has the name, the targeting, saving and publishing.

export interface ConfigFormProps<S> {
  config: S;
  errorOf: (path: string, label: string) => string | null;
  onChange: (config: S) => void;
}

function HtmlBody({
  id,
  value,
  errorOf,
  onChange,
}: { id: string; value: string } & Pick<ConfigFormProps<unknown>, "errorOf"> & {
    onChange: (value: string) => void;
  }) {
  const { t } = useT();
  return (
    <TextField
      id={id}
      label={t("content.field.body")}
      value={value}
      error={errorOf("config.body", t("content.field.body"))}
      hint={t("content.field.bodyHint")}
      multiline
      rows={6}
      code
      onChange={onChange}
    />
  );
}

export function BannerConfigForm({ config, errorOf, onChange }: ConfigFormProps<BannerConfigState>) {
  const { t } = useT();
  const set = (change: Partial<BannerConfigState>) => onChange({ ...config, ...change });
  return (
    <>
      <section className="detail-card">
        <h2>{t("content.section.content")}</h2>
        <TextField
          id="banner-title"
          label={t("content.field.title")}
          value={config.title}
          error={errorOf("config.title", t("content.field.title"))}
          onChange={(title) => set({ title })}
        />
        <HtmlBody id="banner-body" value={config.body} errorOf={errorOf} onChange={(body) => set({ body })} />
        <div className="form-row">
          <SelectField
            id="banner-format"
            label={t("content.field.format")}
            value={config.format}
            options={[
              { value: "normal", text: t("content.format.normal") },
              { value: "floating", text: t("content.format.floating") },
            ]}
            onChange={(format) => set({ format })}
          />
          <TextField
            id="banner-color"
            label={t("content.field.color")}
            value={config.color}
            placeholder="#485BFF"
            hint={t("content.field.colorHint")}
            error={errorOf("config.color", t("content.field.color"))}
            onChange={(color) => set({ color })}
          />
        </div>
        <CheckboxField
          id="banner-close"
          label={t("content.field.showCloseButton")}
          checked={config.showCloseButton}
          onChange={(showCloseButton) => set({ showCloseButton })}
        />
      </section>
      <ButtonsEditor
        prefix="banner"
        buttons={config.buttons}
        errorOf={errorOf}
        onChange={(buttons) => set({ buttons })}
      />
    </>
  );
}

export function ModalConfigForm({ config, errorOf, onChange }: ConfigFormProps<ModalConfigState>) {
  const { t } = useT();
  const set = (change: Partial<ModalConfigState>) => onChange({ ...config, ...change });
  return (
    <>
      <section className="detail-card">
        <h2>{t("content.section.content")}</h2>
        <TextField
          id="modal-title"
          label={t("content.field.title")}
          value={config.title}
          error={errorOf("config.title", t("content.field.title"))}
          onChange={(title) => set({ title })}
        />
        <TextField
          id="modal-image"
          label={t("content.field.imageUrl")}
          value={config.imageUrl}
          placeholder="https://"
          error={errorOf("config.imageUrl", t("content.field.imageUrl"))}
          onChange={(imageUrl) => set({ imageUrl })}
        />
        <HtmlBody id="modal-body" value={config.body} errorOf={errorOf} onChange={(body) => set({ body })} />
        <CheckboxField
          id="modal-close"
          label={t("content.field.showCloseButton")}
          checked={config.showCloseButton}
          error={errorOf("config.showCloseButton", t("content.field.showCloseButton"))}
          onChange={(showCloseButton) => set({ showCloseButton })}
        />
      </section>
      <ButtonsEditor
        prefix="modal"
        buttons={config.buttons}
        errorOf={errorOf}
        onChange={(buttons) => set({ buttons })}
      />
    </>
  );
}

export function NotificationConfigForm({
  config,
  errorOf,
  onChange,
}: ConfigFormProps<NotificationConfigState>) {
  const { t } = useT();
  const set = (change: Partial<NotificationConfigState>) => onChange({ ...config, ...change });
  return (
    <section className="detail-card">
      <h2>{t("content.section.content")}</h2>
      <TextField
        id="notification-text"
        label={t("content.field.text")}
        value={config.text}
        hint={t("content.field.textHint")}
        multiline
        error={errorOf("config.text", t("content.field.text"))}
        onChange={(text) => set({ text })}
      />
      <TextField
        id="notification-sender"
        label={t("content.field.senderName")}
        value={config.senderName}
        error={null}
        onChange={(senderName) => set({ senderName })}
      />
      <CheckboxField
        id="notification-sound"
        label={t("content.field.sound")}
        checked={config.sound}
        onChange={(sound) => set({ sound })}
      />
    </section>
  );
}

export function ChecklistConfigForm({ config, errorOf, onChange }: ConfigFormProps<ChecklistConfigState>) {
  const { t } = useT();
  const set = (change: Partial<ChecklistConfigState>) => onChange({ ...config, ...change });
  const field = (key: "subject" | "message" | "successTitle" | "successMessage", multiline = false) => (
    <TextField
      id={`checklist-${key}`}
      label={t(`content.field.${key}`)}
      value={config[key]}
      multiline={multiline}
      error={errorOf(`config.${key}`, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
    />
  );
  const stepsError = errorOf("config.steps", t("content.section.steps"));
  return (
    <>
      <section className="detail-card">
        <h2>{t("content.section.content")}</h2>
        {field("subject")}
        {field("message", true)}
        <div className="form-row">
          {field("successTitle")}
          {field("successMessage")}
        </div>
      </section>
      <section
        className="detail-card"
        aria-labelledby="checklist-steps-title"
        data-invalid={stepsError ? "true" : undefined}
      >
        <h2 id="checklist-steps-title">{t("content.section.steps")}</h2>
        {stepsError && <p className="form-error">{stepsError}</p>}
        {config.steps.map((step, index) => {
          const label = t("content.stepNumber", { n: index + 1 });
          const setStep = (change: Partial<typeof step>) =>
            set({ steps: replaceAt(config.steps, index, { ...step, ...change }) });
          return (
            <div className="content-entry" key={step.id}>
              <EntryControls
                label={label}
                index={index}
                count={config.steps.length}
                onMove={(by) => set({ steps: moveBy(config.steps, index, by) })}
                onRemove={() => set({ steps: removeAt(config.steps, index) })}
              />
              <TextField
                id={`checklist-step-${step.id}-title`}
                label={t("content.field.stepTitle")}
                value={step.title}
                error={errorOf(`config.steps.${index}.title`, t("content.field.stepTitle"))}
                onChange={(title) => setStep({ title })}
              />
              <TextField
                id={`checklist-step-${step.id}-description`}
                label={t("content.field.stepDescription")}
                value={step.description}
                multiline
                rows={2}
                error={null}
                onChange={(description) => setStep({ description })}
              />
              <CheckboxField
                id={`checklist-step-${step.id}-done`}
                label={t("content.field.allowMarkDone")}
                checked={step.allowMarkDone}
                onChange={(allowMarkDone) => setStep({ allowMarkDone })}
              />
            </div>
          );
        })}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => set({ steps: [...config.steps, newChecklistStep(config.steps)] })}
        >
          {t("content.addStep")}
        </Button>
      </section>
    </>
  );
}

/** A tour's steps as a list; the builder (opened from the editor) places them on the site. */
export function TourConfigForm({ config, errorOf, onChange }: ConfigFormProps<TourConfigState>) {
  const { t } = useT();
  const set = (change: Partial<TourConfigState>) => onChange({ ...config, ...change });
  const stepsError = errorOf("config.steps", t("content.section.steps"));
  return (
    <>
      <section className="detail-card">
        <h2>{t("content.section.content")}</h2>
        <TextField
          id="tour-builder-url"
          label={t("content.field.builderUrl")}
          value={config.builderUrl}
          placeholder="https://"
          hint={t("content.field.builderUrlHint")}
          error={errorOf("config.builderUrl", t("content.field.builderUrl"))}
          onChange={(builderUrl) => set({ builderUrl })}
        />
        <CheckboxField
          id="tour-allow-close"
          label={t("content.field.allowClose")}
          checked={config.allowClose}
          onChange={(allowClose) => set({ allowClose })}
        />
      </section>
      <section
        className="detail-card"
        aria-labelledby="tour-steps-title"
        data-invalid={stepsError ? "true" : undefined}
      >
        <h2 id="tour-steps-title">{t("content.section.steps")}</h2>
        {stepsError && <p className="form-error">{stepsError}</p>}
        {config.steps.length === 0 && <p className="subtle">{t("content.noSteps")}</p>}
        {config.steps.map((step, index) => {
          const label = t("content.stepNumber", { n: index + 1 });
          const setStep = (change: Partial<typeof step>) =>
            set({ steps: replaceAt(config.steps, index, { ...step, ...change }) });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: tour steps have no id; their place is their identity.
            <div className="content-entry" key={index}>
              <EntryControls
                label={label}
                index={index}
                count={config.steps.length}
                onMove={(by) => set({ steps: moveBy(config.steps, index, by) })}
                onRemove={() => set({ steps: removeAt(config.steps, index) })}
              />
              <TextField
                id={`tour-step-${index}-selector`}
                label={t("content.field.selector")}
                value={step.selector}
                placeholder="#pricing .cta"
                code
                error={errorOf(`config.steps.${index}.selector`, t("content.field.selector"))}
                onChange={(selector) => setStep({ selector })}
              />
              <TextField
                id={`tour-step-${index}-message`}
                label={t("content.field.stepMessage")}
                value={step.message}
                multiline
                code
                error={errorOf(`config.steps.${index}.message`, t("content.field.stepMessage"))}
                onChange={(message) => setStep({ message })}
              />
            </div>
          );
        })}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => set({ steps: [...config.steps, newTourStep()] })}
        >
          {t("content.addStep")}
        </Button>
      </section>
    </>
  );
}
