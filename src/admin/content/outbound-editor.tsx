import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import type { TranslationLanguage } from "../../shared/content-languages.ts";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { BuilderButton } from "./builder-button.tsx";
import { ItemDraftBar, useBuilderDraft } from "./builder-draft-bar.tsx";
import { ChecklistEmbedCode } from "./checklist-embed-code.tsx";
import { ChecklistSharedKeys } from "./checklist-shared-keys.tsx";
import { contentApi } from "./content-api.ts";
import { TextField } from "./content-fields.tsx";
import type { ContentKind } from "./content-kinds.ts";
import { contentEditHref, contentListPath } from "./content-paths.ts";
import {
  BannerPreview,
  ChecklistPreview,
  ModalPreview,
  NotificationPreview,
  TourPreview,
} from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import {
  BannerConfigForm,
  ChecklistConfigForm,
  ModalConfigForm,
  NotificationConfigForm,
  TourConfigForm,
} from "./outbound-config-forms.tsx";
import {
  type EditedOutboundType,
  emptyOutboundForm,
  type OutboundConfigStates,
  type OutboundFormState,
  outboundFormFromRecord,
  outboundRequestFromForm,
  validateOutboundForm,
} from "./outbound-form-state.ts";
import { OutboundStatsPanel } from "./outbound-stats-panel.tsx";
import { OutboundTranslationsCard, outboundLanguageWithError } from "./outbound-translations-section.tsx";
import { ScheduleFields } from "./schedule-fields.tsx";
import { scheduledTypes } from "./schedule-state.ts";
import { TargetingFields } from "./targeting-fields.tsx";

type AnyConfig = OutboundConfigStates[EditedOutboundType];

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
  const props = { errorOf, onChange: onConfig, projectId };
  switch (state.type) {
    case "banner": {
      const config = state.config as OutboundConfigStates["banner"];
      return {
        form: <BannerConfigForm config={config} {...props} />,
        preview: <BannerPreview config={config} />,
      };
    }
    case "modal": {
      const config = state.config as OutboundConfigStates["modal"];
      return {
        form: <ModalConfigForm config={config} {...props} />,
        preview: <ModalPreview config={config} />,
      };
    }
    case "notification": {
      const config = state.config as OutboundConfigStates["notification"];
      return {
        form: <NotificationConfigForm config={config} {...props} />,
        preview: <NotificationPreview config={config} />,
      };
    }
    case "checklist": {
      const config = state.config as OutboundConfigStates["checklist"];
      return {
        form: <ChecklistConfigForm config={config} {...props} />,
        preview: <ChecklistPreview config={config} />,
      };
    }
    default: {
      const config = state.config as OutboundConfigStates["tour"];
      return {
        form: <TourConfigForm config={config} {...props} />,
        preview: <TourPreview config={config} />,
      };
    }
  }
}

/** The publish bar of a saved outbound; a status change updates the record the editor holds. */
function OutboundPublishBar({
  projectId,
  kind,
  saved,
  dirty,
  onSaved,
}: {
  projectId: string;
  kind: ContentKind;
  saved: AdminOutbound;
  dirty: boolean;
  onSaved: (record: AdminOutbound) => void;
}) {
  return (
    <ContentPublishBar
      projectId={projectId}
      kind={kind}
      id={saved.id}
      name={saved.name}
      status={saved.status}
      publishedAt={saved.publishedAt}
      startsAt={saved.startsAt}
      dirty={dirty}
      onStatus={(status) =>
        onSaved({
          ...saved,
          status,
          publishedAt: status === "live" ? new Date().toISOString() : saved.publishedAt,
        })
      }
    />
  );
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
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(record);
  const form = useFormState<OutboundFormState>(
    () => (record ? outboundFormFromRecord(type, record) : emptyOutboundForm(type)),
    validateOutboundForm,
  );
  const { state } = form;
  const [textsLanguage, setTextsLanguage] = useState<TranslationLanguage>("de");
  const builderDraft = useBuilderDraft(projectId, "tour", type === "tour" ? (saved?.id ?? null) : null);
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  /** A change clears the server's refusals about the fields it touches. */
  const change = (next: Partial<OutboundFormState>, paths: string[]) =>
    form.update((current) => ({ ...current, ...next }), paths);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A refused translation sits on its language's tab: show it before the field takes the focus.
    const refused = outboundLanguageWithError(validateOutboundForm(state));
    if (refused) setTextsLanguage(refused);
    if (!form.checkSubmit(event)) return;
    const body = outboundRequestFromForm(state);
    await form.save(async () => {
      const stored = saved
        ? await contentApi.outbounds.update(projectId, saved.id, body)
        : await contentApi.outbounds.create(projectId, body);
      setSaved(stored);
      showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
      if (!saved) navigate(contentEditHref(projectId, kind, stored.id), { replace: true });
    });
  };

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
      {saved && (
        <OutboundPublishBar
          projectId={projectId}
          kind={kind}
          saved={saved}
          dirty={form.dirty}
          onSaved={setSaved}
        />
      )}
      {saved?.publishedAt && <OutboundStatsPanel projectId={projectId} outboundId={saved.id} type={type} />}
      <ItemDraftBar
        projectId={projectId}
        kind="tour"
        item={saved}
        builderDraft={builderDraft}
        dirty={form.dirty}
        onPublished={onReload}
      />
      <div className="content-editor">
        <form className="entity-form content-form" noValidate onSubmit={submit}>
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
          <section className="detail-card">
            <h2>{t("content.section.targeting")}</h2>
            <TargetingFields
              prefix="content"
              pageFilterType={state.pageFilterType}
              pageFilter={state.pageFilter}
              audience={state.audience}
              errorOf={errorOf}
              onChange={(targeting) => change(targeting, Object.keys(targeting))}
            />
          </section>
          {scheduledTypes.has(type) && (
            <section className="detail-card">
              <h2>{t("content.section.schedule")}</h2>
              <ScheduleFields
                prefix="content"
                schedule={state.schedule}
                errorOf={errorOf}
                onChange={(schedule) =>
                  change({ schedule: { ...state.schedule, ...schedule } }, Object.keys(schedule))
                }
              />
            </section>
          )}
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
          <FormActions
            busy={form.busy}
            busyLabel={t("content.saving")}
            submitLabel={t(saved ? "content.save" : "content.createButton")}
          >
            <FormCancelLink href={listHref(contentListPath(projectId, kind))}>
              {t("content.cancel")}
            </FormCancelLink>
          </FormActions>
        </form>
        {parts.preview}
      </div>
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
