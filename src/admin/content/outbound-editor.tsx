import type { ComponentType } from "react";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { BuilderButton } from "./builder-button.tsx";
import { ChecklistEmbedCode } from "./checklist-embed-code.tsx";
import { ChecklistSharedKeys } from "./checklist-shared-keys.tsx";
import { contentApi } from "./content-api.ts";
import { ContentEditorForm } from "./content-editor-form.tsx";
import { TextField } from "./content-fields.tsx";
import type { ContentKind } from "./content-kinds.ts";
import {
  BannerPreview,
  ChecklistPreview,
  ModalPreview,
  NotificationPreview,
  TourPreview,
} from "./content-previews.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { OutboundAudienceSections } from "./outbound-audience-sections.tsx";
import {
  BannerConfigForm,
  ChecklistConfigForm,
  type ConfigFormProps,
  ModalConfigForm,
  NotificationConfigForm,
  TourConfigForm,
} from "./outbound-config-forms.tsx";
import type { EditedOutboundType, OutboundConfigStates, OutboundFormState } from "./outbound-form-state.ts";
import { OutboundStatsPanel } from "./outbound-stats-panel.tsx";
import { OutboundTranslationsCard } from "./outbound-translations-section.tsx";
import { SavedRecordBars } from "./saved-record-bars.tsx";
import { useOutboundForm } from "./use-outbound-form.ts";

type AnyConfig = OutboundConfigStates[EditedOutboundType];

/** Each outbound type's config form and its preview. */
const kindParts: {
  [T in EditedOutboundType]: {
    Form: ComponentType<ConfigFormProps<OutboundConfigStates[T]>>;
    Preview: ComponentType<{ config: OutboundConfigStates[T] }>;
  };
} = {
  banner: { Form: BannerConfigForm, Preview: BannerPreview },
  modal: { Form: ModalConfigForm, Preview: ModalPreview },
  notification: { Form: NotificationConfigForm, Preview: NotificationPreview },
  checklist: { Form: ChecklistConfigForm, Preview: ChecklistPreview },
  tour: { Form: TourConfigForm, Preview: TourPreview },
};

/** The kind's config form and its preview, picked by the outbound type. */
function KindParts({
  projectId,
  state,
  errorOf,
  onConfig,
}: {
  projectId: string;
  state: OutboundFormState;
  errorOf: (path: string, label: string) => string | null;
  onConfig: (config: AnyConfig) => void;
}) {
  // The form state's type and config go together (OutboundFormState<T>).
  const { Form, Preview } = kindParts[state.type] as {
    Form: ComponentType<ConfigFormProps<AnyConfig>>;
    Preview: ComponentType<{ config: AnyConfig }>;
  };
  return {
    form: <Form config={state.config} errorOf={errorOf} onChange={onConfig} projectId={projectId} />,
    preview: <Preview config={state.config} />,
  };
}

function OutboundForm({
  projectId,
  kind,
  type,
  record,
  onReload,
}: {
  projectId: string;
  kind: ContentKind;
  type: EditedOutboundType;
  record: AdminOutbound | null;
  /** Loads the record again (the builder's draft was published into it). */
  onReload: () => void;
}) {
  const { t } = useT();
  const { saved, setSaved, form, textsLanguage, setTextsLanguage, builderDraft, errorOf, change, submit } =
    useOutboundForm({ projectId, kind, type, record });
  const { state } = form;

  const parts = KindParts({
    projectId,
    state,
    errorOf,
    onConfig: (config) =>
      change(
        { config },
        Object.keys(form.serverErrors).filter((path) => path.startsWith("config")),
      ),
  });

  return (
    <>
      <SavedRecordBars
        projectId={projectId}
        kind={kind}
        builderKind="tour"
        saved={saved}
        dirty={form.dirty}
        builderDraft={builderDraft}
        withStatus={(record, status) => ({
          ...record,
          status,
          publishedAt: status === "live" ? new Date().toISOString() : record.publishedAt,
        })}
        onSaved={setSaved}
        onReload={onReload}
      >
        {saved?.publishedAt && <OutboundStatsPanel projectId={projectId} outboundId={saved.id} type={type} />}
      </SavedRecordBars>
      <ContentEditorForm
        projectId={projectId}
        kind={kind}
        busy={form.busy}
        saved={Boolean(saved)}
        preview={parts.preview}
        onSubmit={submit}
      >
        <section className="detail-card">
          <TextField
            id="content-name"
            label={t("content.field.name")}
            value={state.name}
            hint={t("content.field.nameHint")}
            error={errorOf("name", t("content.field.name"))}
            onChange={(name) => change({ name }, ["name"])}
          />
        </section>
        {parts.form}
        <OutboundTranslationsCard
          form={form}
          projectId={projectId}
          current={textsLanguage}
          onSelect={setTextsLanguage}
        />
        <OutboundAudienceSections type={type} state={state} errorOf={errorOf} change={change} />
        {type === "tour" && (
          <BuilderButton
            kind="tour"
            projectId={projectId}
            itemId={saved?.id ?? null}
            url={(state.config as OutboundConfigStates["tour"]).builderUrl}
            dirty={form.dirty}
            onSaved={builderDraft.refresh}
          />
        )}
      </ContentEditorForm>
      {type === "checklist" && saved && <ChecklistEmbedCode outboundId={saved.id} />}
      {type === "checklist" && saved && <ChecklistSharedKeys projectId={projectId} outboundId={saved.id} />}
    </>
  );
}

/** `/dashboard/content/{project}/{kind}/create` and `…/{id}/edit` for the kinds stored as outbounds. */
export function OutboundEditor({
  projectId,
  kind,
  type,
  id,
}: {
  projectId: string;
  kind: ContentKind;
  type: EditedOutboundType;
  id: string | undefined;
}) {
  return (
    <ContentRecordPage
      projectId={projectId}
      kind={kind}
      id={id}
      load={(outboundId) => contentApi.outbounds.get(projectId, outboundId)}
      recordName={(record) => record.name}
    >
      {(record, reload) => (
        <OutboundForm
          key={record ? `${record.id}:${record.updatedAt}` : "new"}
          projectId={projectId}
          kind={kind}
          type={type}
          record={record}
          onReload={reload}
        />
      )}
    </ContentRecordPage>
  );
}
