import type { ReactNode } from "react";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import type { BannerConfigState } from "./banner-config.ts";
import { ButtonsEditor } from "./buttons-editor.tsx";
import { type ChecklistConfigState, newChecklistStep } from "./checklist-config.ts";
import { ChecklistStepFields } from "./checklist-step-fields.tsx";
import { ContentSection } from "./content-editor-form.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { EntryListSection } from "./entry-controls.tsx";
import type { ModalConfigState } from "./modal-config.ts";
import type { NotificationConfigState } from "./notification-config.ts";
import type { ButtonState } from "./outbound-buttons.ts";
import type { RichBody } from "./rich-body.ts";
import { RichBodyField } from "./rich-body-field.tsx";
import { newTourStep, type TourConfigState } from "./tour-config.ts";
import { CopilotFields, TourTypeFields } from "./tour-settings-fields.tsx";
import { TourStepFields } from "./tour-step-fields.tsx";

// The per-kind part of the outbound editor: each form edits its kind's config only; the shell around
// it (outbound-editor.tsx) has the name, the targeting, saving and publishing.

export interface ConfigFormProps<S> {
  config: S;
  /** Where a rich text's uploaded images belong. */
  projectId: string;
  errorOf: (path: string, label: string) => string | null;
  onChange: (config: S) => void;
}

/**
 * A kind's config fields, each bound to its key: the control's id is `{prefix}-{id}`, its label the
 * `content.field.{key}` message, its error the rules' error at `config.{key}` (unless `error: false`).
 */
function useConfigFields<S extends object>(
  prefix: string,
  { config, projectId, errorOf, onChange }: ConfigFormProps<S>,
) {
  const { t } = useT();
  const set = (change: Partial<S>) => onChange({ ...config, ...change });
  type TextKey = { [K in keyof S]: S[K] extends string ? K : never }[keyof S] & string;
  type FlagKey = { [K in keyof S]: S[K] extends boolean ? K : never }[keyof S] & string;
  type BodyKey = { [K in keyof S]: S[K] extends RichBody ? K : never }[keyof S] & string;

  /** The label (`content.field.{key}`), value, error and change of the config value `key`. */
  const bound = (key: keyof S & string) => {
    const label = t(`content.field.${key}` as MessageId);
    return {
      label,
      value: config[key],
      error: errorOf(`config.${key}`, label),
      onChange: (value: unknown) => set({ [key]: value } as Partial<S>),
    };
  };

  const text = (
    key: TextKey,
    options: {
      id?: string;
      error?: false;
      hint?: string;
      multiline?: boolean;
      rows?: number;
      placeholder?: string;
      code?: boolean;
    } = {},
  ) => {
    const { id = key, error, ...look } = options;
    const { value, ...field } = bound(key);
    return (
      <TextField
        id={`${prefix}-${id}`}
        {...field}
        value={value as string}
        error={error === false ? null : field.error}
        {...look}
      />
    );
  };

  const check = (key: FlagKey, id: string, options: { error?: true } = {}) => {
    const { value, error, ...field } = bound(key);
    return (
      <CheckboxField
        id={`${prefix}-${id}`}
        {...field}
        checked={value as boolean}
        error={options.error ? error : undefined}
      />
    );
  };

  /** A rich body, in the rich-text editor. */
  const body = (key: BodyKey) => {
    const { value, ...field } = bound(key);
    return (
      <RichBodyField id={`${prefix}-${key}`} {...field} value={value as RichBody} projectId={projectId} />
    );
  };

  return { t, set, text, check, body };
}

/** The buttons of a kind that has them (banner, modal), below its other fields. */
function ConfigButtons<S extends { buttons: ButtonState[] }>({
  prefix,
  form,
}: {
  prefix: string;
  form: ConfigFormProps<S>;
}) {
  const { config, errorOf, onChange } = form;
  return (
    <ButtonsEditor
      prefix={prefix}
      buttons={config.buttons}
      errorOf={errorOf}
      onChange={(buttons) => onChange({ ...config, buttons })}
    />
  );
}

export function BannerConfigForm(props: ConfigFormProps<BannerConfigState>) {
  const { config } = props;
  const { t, set, text, check, body } = useConfigFields("banner", props);
  return (
    <>
      <ContentSection>
        {text("title")}
        {body("body")}
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
          {text("color", { placeholder: "#485BFF", hint: t("content.field.colorHint") })}
        </div>
        {check("showCloseButton", "close")}
      </ContentSection>
      <ConfigButtons prefix="banner" form={props} />
    </>
  );
}

export function ModalConfigForm(props: ConfigFormProps<ModalConfigState>) {
  const { text, check, body } = useConfigFields("modal", props);
  return (
    <>
      <ContentSection>
        {text("title")}
        {text("imageUrl", { id: "image", placeholder: "https://" })}
        {body("body")}
        {check("showCloseButton", "close", { error: true })}
      </ContentSection>
      <ConfigButtons prefix="modal" form={props} />
    </>
  );
}

export function NotificationConfigForm(props: ConfigFormProps<NotificationConfigState>) {
  const { t, text, check, body } = useConfigFields("notification", props);
  return (
    <ContentSection>
      {body("text")}
      <p className="field-hint subtle">{t("content.field.textHint")}</p>
      {text("senderName", { id: "sender", error: false })}
      {check("sound", "sound")}
    </ContentSection>
  );
}

/** What each step's fields get from the steps section: the step, its place, and the form's means. */
interface StepEntry<T> {
  step: T;
  index: number;
  projectId: string;
  errorOf: ConfigFormProps<unknown>["errorOf"];
  setStep: (change: Partial<T>) => void;
}

/**
 * A kind's list of steps (`config.steps`), each with its move and remove controls above its own fields
 * (`children`), and a button that adds one; a rule about the whole list (`config.steps`) marks the section.
 */
function StepsSection<T, S extends { steps: T[] }>({
  prefix,
  form,
  empty,
  keyOf,
  newStep,
  children,
}: {
  prefix: string;
  form: ConfigFormProps<S>;
  /** Said while there is no step. */
  empty?: ReactNode;
  keyOf: (step: T, index: number) => string | number;
  newStep: () => T;
  children: (entry: StepEntry<T>) => ReactNode;
}) {
  const { t } = useT();
  const { config, projectId, errorOf } = form;
  const onChange = (steps: T[]) => form.onChange({ ...config, steps });
  return (
    <EntryListSection
      titleId={`${prefix}-steps-title`}
      title={t("content.section.steps")}
      error={errorOf("config.steps", t("content.section.steps"))}
      empty={empty}
      entries={config.steps}
      keyOf={keyOf}
      entryLabel={(index) => t("content.stepNumber", { n: index + 1 })}
      addLabel={t("content.addStep")}
      onAdd={() => onChange([...config.steps, newStep()])}
      onChange={onChange}
    >
      {(step, index, setStep) => children({ step, index, projectId, errorOf, setStep })}
    </EntryListSection>
  );
}

export function ChecklistConfigForm(props: ConfigFormProps<ChecklistConfigState>) {
  const { text } = useConfigFields("checklist", props);
  return (
    <>
      <ContentSection>
        {text("subject")}
        {text("message", { multiline: true })}
        <div className="form-row">
          {text("successTitle")}
          {text("successMessage")}
        </div>
      </ContentSection>
      <StepsSection
        prefix="checklist"
        form={props}
        keyOf={(step) => step.id}
        newStep={() => newChecklistStep(props.config.steps)}
      >
        {(entry) => <ChecklistStepFields {...entry} />}
      </StepsSection>
    </>
  );
}

/** A tour's steps as a list; the builder (opened from the editor) places them on the site. */
export function TourConfigForm(props: ConfigFormProps<TourConfigState>) {
  const { config, errorOf } = props;
  const { t, set, text, check } = useConfigFields("tour", props);
  return (
    <>
      <ContentSection>
        {text("builderUrl", {
          id: "builder-url",
          placeholder: "https://",
          hint: t("content.field.builderUrlHint"),
        })}
        <TourTypeFields config={config} errorOf={errorOf} set={set} />
        {check("allowClose", "allow-close")}
      </ContentSection>
      <CopilotFields config={config} errorOf={errorOf} set={set} />
      <StepsSection
        prefix="tour"
        form={props}
        empty={<p className="subtle">{t("content.noSteps")}</p>}
        // Tour steps have no id; their place is their identity.
        keyOf={(_, index) => index}
        newStep={newTourStep}
      >
        {(entry) => <TourStepFields {...entry} tourType={config.tourType} />}
      </StepsSection>
    </>
  );
}
