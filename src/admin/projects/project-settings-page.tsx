import { type FormEvent, useState } from "react";
import { useParams } from "wouter";
import type { AdminProjectSettings } from "../../shared/inbox-api.ts";
import type { FeedbackButtonPosition } from "../../shared/widget-config-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { SavedRepliesCard } from "../saved-replies/saved-replies-card.tsx";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { CheckField } from "../shell/form/check-field.tsx";
import { FormActions } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { LoadingPlaceholder } from "../shell/layout/loading-placeholder.tsx";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ShownTogether } from "../shell/layout/shown-together.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { FlowListCard } from "./flow-list-card.tsx";
import { IdentitySecretCard } from "./identity-secret-card.tsx";
import { InstallCard } from "./install-card.tsx";
import { LauncherPreview } from "./launcher-preview.tsx";
import { projectListHref } from "./project-paths.ts";
import {
  type ColorField,
  colorFields,
  colorInputValue,
  type FlagField,
  flagFields,
  languageChoices,
  launcherPositions,
  listFields,
  type NumberField,
  numberFields,
  previewFlowConfig,
  type SettingsForm,
  settingsFormFromProject,
  settingsFormPath,
  settingsWrite,
  validateSettingsForm,
  visitorsLanguage,
  widgetLanguages,
} from "./project-settings-form.ts";
import { projectsApi } from "./projects-api.ts";
import { SettingsCard } from "./settings-card.tsx";
import { TranslationsEditor } from "./translations-editor.tsx";
import { WebhooksCard } from "./webhooks-card.tsx";
import "./project-styles.ts";

type Form = ReturnType<typeof useFormState<SettingsForm>>;

const fieldLabel = (field: string) => `projectSettings.field.${field}` as MessageId;

/** A colour: the browser's picker and the hex text side by side, both editing the same value. */
function ColorInput({ form, field }: { form: Form; field: ColorField }) {
  const { t } = useT();
  const label = t(fieldLabel(field));
  const value = form.state[field];
  const change = (next: string) => form.update((current) => ({ ...current, [field]: next }), [field]);
  return (
    <FormField id={`settings-${field}`} label={label} error={form.errorOf(field, label)}>
      {(props) => (
        <div className="color-input">
          <input
            type="color"
            aria-label={t("projectSettings.pickColor", { field: label })}
            value={colorInputValue(value) ?? "#000000"}
            onChange={(event) => change(event.target.value.toUpperCase())}
          />
          <input
            {...props}
            name={field}
            value={value}
            spellCheck={false}
            onChange={(event) => change(event.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}

function NumberInput({ form, field }: { form: Form; field: NumberField }) {
  const { t } = useT();
  const label = t(fieldLabel(field));
  const { min, max } = numberFields[field];
  return (
    <WholeNumberField
      id={`settings-${field}`}
      label={label}
      error={form.errorOf(field, label)}
      name={field}
      min={min}
      max={max}
      value={form.state[field]}
      onChange={(value) => form.update((current) => ({ ...current, [field]: value }), [field])}
    />
  );
}

/**
 * The settings form: look (colours, radius), launcher (position, offsets, language and direction),
 * texts, behaviour (logs, replays, shortcuts) and access (allowed origins, identity verification), with
 * the live launcher preview beside it. One PUT saves it all.
 */
function SettingsFormView({
  project,
  onSaved,
  onSecret,
}: {
  project: AdminProjectSettings;
  onSaved: (saved: AdminProjectSettings) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useT();
  const form = useFormState<SettingsForm>(() => settingsFormFromProject(project), validateSettingsForm);
  const { state } = form;
  const preview = previewFlowConfig(state, project.flowConfig);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const answer: { saved?: AdminProjectSettings } = {};
    const done = await form.save(
      async () => {
        answer.saved = await projectsApi.saveSettings(project.id, settingsWrite(state, project.flowConfig));
      },
      (failure) => form.refuse(serverFieldError(failure, settingsFormPath), apiErrorMessage(failure)),
    );
    const { saved } = answer;
    if (!done || !saved) return;
    // The values as the server stored them (origins as browsers write them) are the clean state.
    form.reset(settingsFormFromProject(saved));
    onSaved(saved);
    showToast({ type: "success", heading: "projectSettings.saved" });
  };

  return (
    <form className="settings-form" noValidate onSubmit={submit} data-testid="settings-form">
      <div className="settings-layout">
        <div className="settings-sections">
          <LookSection form={form} />
          <LauncherSection form={form} />
          <SettingsCard
            id="texts-title"
            title={t("projectSettings.texts.title")}
            lead={t("projectSettings.texts.lead")}
          >
            <TranslationsEditor
              rows={state.translations}
              errorOf={form.errorOf}
              onChange={(rows, paths) =>
                form.update((current) => ({ ...current, translations: rows }), ["translations", ...paths])
              }
            />
          </SettingsCard>
          <BehaviourSection form={form} />
          <AccessSection form={form} project={project} onSecret={onSecret} />
        </div>
        <aside className="settings-preview" aria-label={t("projectSettings.preview.title")}>
          <LauncherPreview config={preview} />
        </aside>
      </div>
      {/* Save first: the toasts appear at the bottom right, where they would cover it. */}
      <div className="settings-save-bar" data-dirty={form.dirty}>
        <FormActions
          busy={form.busy}
          busyLabel={t("projectSettings.saving")}
          submitLabel={t("projectSettings.save")}
        />
        <span className="subtle" role="status">
          {form.dirty ? t("projectSettings.unsaved") : t("projectSettings.upToDate")}
        </span>
      </div>
    </form>
  );
}

/** Sets one field of the settings form, settling the API's error about it. */
const setter =
  (form: Form) =>
  <K extends keyof SettingsForm>(field: K, value: SettingsForm[K]) =>
    form.update((current) => ({ ...current, [field]: value }), [field]);

/** The project's name, colours and corner radius. */
function LookSection({ form }: { form: Form }) {
  const { t } = useT();
  const label = t(fieldLabel("name"));
  return (
    <SettingsCard
      id="look-title"
      title={t("projectSettings.look.title")}
      lead={t("projectSettings.look.lead")}
    >
      <InputField
        id="settings-name"
        label={label}
        error={form.errorOf("name", label)}
        name="name"
        value={form.state.name}
        onChange={(name) => setter(form)("name", name)}
      />
      <div className="form-row">
        {colorFields.map((field) => (
          <ColorInput key={field} form={form} field={field} />
        ))}
      </div>
      <div className="form-row">
        <NumberInput form={form} field="borderRadius" />
      </div>
    </SettingsCard>
  );
}

/** Where the launcher sits (corner and offsets), the widget's language and its direction. */
function LauncherSection({ form }: { form: Form }) {
  const { t } = useT();
  const { state } = form;
  const set = setter(form);
  return (
    <SettingsCard id="launcher-title" title={t("projectSettings.launcher.title")}>
      <fieldset className="position-choices" data-testid="launcher-positions">
        <legend>{t("projectSettings.field.feedbackButtonPosition")}</legend>
        {launcherPositions.map((position: FeedbackButtonPosition) => (
          <label key={position} className="position-choice">
            <input
              type="radio"
              name="feedbackButtonPosition"
              value={position}
              checked={state.feedbackButtonPosition === position}
              onChange={() => set("feedbackButtonPosition", position)}
            />
            <span className={`position-figure position-${position}`} aria-hidden="true" />
            <span>{t(`projectSettings.position.${position}` as MessageId)}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        <NumberInput form={form} field="buttonX" />
        <NumberInput form={form} field="buttonY" />
        <FormField
          id="settings-language"
          label={t("projectSettings.field.language")}
          error={form.errorOf("language", t("projectSettings.field.language"))}
        >
          {(props) => (
            <select
              {...props}
              name="language"
              value={state.language}
              onChange={(event) => set("language", event.target.value)}
            >
              {languageChoices(state.language).map((language) => (
                <option key={language} value={language}>
                  {language === visitorsLanguage
                    ? t("projectSettings.language.visitor")
                    : (widgetLanguages as readonly string[]).includes(language)
                      ? t(`projectSettings.language.${language}` as MessageId)
                      : language}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <CheckField
        id="settings-rtl"
        label={t("projectSettings.field.rtl")}
        hint={t("projectSettings.hint.rtl")}
        checked={state.rtl}
        onChange={(checked) => set("rtl", checked)}
      />
    </SettingsCard>
  );
}

/** A text area of lines (origins, pages) with its hint under it. */
function HintedTextarea({
  form,
  field,
  placeholder,
}: {
  form: Form;
  field: (typeof listFields)[number] | "allowedOrigins";
  placeholder?: string;
}) {
  const { t } = useT();
  const label = t(fieldLabel(field));
  return (
    <FormField
      id={`settings-${field}`}
      label={label}
      error={form.errorOf(field, label)}
      describedBy={`settings-${field}-hint`}
    >
      {(props) => (
        <>
          <textarea
            {...props}
            name={field}
            rows={3}
            spellCheck={false}
            placeholder={placeholder}
            value={form.state[field]}
            onChange={(event) => setter(form)(field, event.target.value)}
          />
          <span className="subtle field-hint" id={`settings-${field}-hint`}>
            {t(`projectSettings.hint.${field}` as MessageId)}
          </span>
        </>
      )}
    </FormField>
  );
}

/** The behaviour's boxes in their order: what the widget records, then how work is taken in. */
const behaviourChecks: readonly {
  field: FlagField | "featureRequestApproval" | "autoAssign";
  testId?: string;
}[] = [
  ...flagFields.map((field) => ({ field })),
  { field: "featureRequestApproval", testId: "feature-request-approval" },
  { field: "autoAssign", testId: "auto-assign" },
];

/** What the widget records and allows: logs, replays, shortcuts, feature request approval, lists. */
function BehaviourSection({ form }: { form: Form }) {
  const { t } = useT();
  const { state } = form;
  const set = setter(form);
  return (
    <SettingsCard id="behaviour-title" title={t("projectSettings.behaviour.title")}>
      {behaviourChecks.map(({ field, testId }) => (
        <CheckField
          key={field}
          id={`settings-${field}`}
          label={t(fieldLabel(field))}
          hint={t(`projectSettings.hint.${field}` as MessageId)}
          checked={state[field]}
          onChange={(checked) => set(field, checked)}
          testId={testId}
        />
      ))}
      <div className="form-row">
        {listFields.map((field) => (
          <HintedTextarea key={field} form={form} field={field} />
        ))}
      </div>
    </SettingsCard>
  );
}

/** Which sites may load the widget, and identity verification with its secret. */
function AccessSection({
  form,
  project,
  onSecret,
}: {
  form: Form;
  project: AdminProjectSettings;
  onSecret: (secret: string) => void;
}) {
  const { t } = useT();
  return (
    <SettingsCard id="access-title" title={t("projectSettings.access.title")}>
      <HintedTextarea form={form} field="allowedOrigins" placeholder="https://app.example.com" />
      <CheckField
        id="settings-identityVerification"
        label={t("projectSettings.field.identityVerification")}
        hint={
          <>
            {t("projectSettings.hint.identityVerification")}{" "}
            <span data-testid="identity-unverified-hint">{t("projectSettings.hint.identityUnverified")}</span>
          </>
        }
        checked={form.state.identityVerification}
        onChange={(checked) => setter(form)("identityVerification", checked)}
        testId="identity-verification"
      />
      <IdentitySecretCard project={project} onRotated={onSecret} />
    </SettingsCard>
  );
}

/**
 * `/dashboard/projects/:id`: a widget project's settings. The snippet and SDK key first (what a new
 * project needs next), then the form with the live preview, then the feedback flows.
 */
export default function ProjectSettingsPage() {
  const { t } = useT();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload, replace } = useResource(() => projectsApi.settings(id), id);
  // Kept apart from the form's project: a rotation must not reset what the admin is typing.
  const [secret, setSecret] = useState<string | null>(null);
  useDocumentTitle(t("projectSettings.title"), resource.state === "ready" ? resource.data.name : null);
  const back = <BackLink href={projectListHref()} />;

  if (resource.state !== "ready") {
    return (
      <DetailStatus resource={resource} back={back} onRetry={reload} texts={detailTexts("projectSettings")} />
    );
  }
  const project = { ...resource.data, identitySecret: secret ?? resource.data.identitySecret };
  return (
    <section aria-labelledby="project-settings-title" className="project-settings">
      {back}
      <PageHeader id="project-settings-title" title={project.name} subtitle={t("projectSettings.subtitle")} />
      <InstallCard
        projectId={project.id}
        sdkKey={project.sdkKey}
        waitsForConsent={project.flowConfig.requireCookieConsent === true}
        allowedOrigins={project.allowedOrigins}
        identityVerification={project.identityVerification}
      />
      <SettingsFormView
        key={project.id}
        project={project}
        onSaved={(saved) => {
          setSecret(null);
          replace(saved);
        }}
        onSecret={setSecret}
      />
      <ShownTogether
        pending={<LoadingPlaceholder className="table-skeleton" label="projectSettings.listsLoading" />}
      >
        <FlowListCard projectId={project.id} />
        <SavedRepliesCard projectId={project.id} />
        <WebhooksCard projectId={project.id} />
      </ShownTogether>
    </section>
  );
}
