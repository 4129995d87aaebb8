import { type FormEvent, type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import type { AdminTooltip, TooltipWrite } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { BuilderButton } from "./builder-button.tsx";
import { ItemDraftBar, useBuilderDraft } from "./builder-draft-bar.tsx";
import { contentApi } from "./content-api.ts";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { contentEditHref, contentListPath } from "./content-paths.ts";
import { TooltipPreview } from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { TargetingFields } from "./targeting-fields.tsx";
import {
  emptyTooltipForm,
  type TooltipFormState,
  tooltipFormFromRecord,
  tooltipRequestFromForm,
  validateTooltipForm,
} from "./tooltip-form-state.ts";

function TooltipForm({
  projectId,
  record,
  onReload,
}: {
  projectId: string;
  record: AdminTooltip | null;
  onReload: () => void;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(record);
  const form = useFormState<TooltipFormState>(
    () => (record ? tooltipFormFromRecord(record) : emptyTooltipForm),
    validateTooltipForm,
  );
  const { state } = form;
  const builderDraft = useBuilderDraft(projectId, "tooltip", saved?.id ?? null);
  const set = (change: Partial<TooltipFormState>) =>
    form.update((current) => ({ ...current, ...change }), Object.keys(change));
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  const text = (
    key: "name" | "selector" | "icon" | "color" | "offsetX" | "offsetY",
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`tooltip-${key}`}
      label={t(`content.field.${key}`)}
      value={state[key]}
      error={errorOf(key, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
      {...extra}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    // The shared schema has just accepted the body.
    const body = tooltipRequestFromForm(state) as TooltipWrite;
    await form.save(async () => {
      const stored = saved
        ? await contentApi.tooltips.update(projectId, saved.id, body)
        : await contentApi.tooltips.create(projectId, body);
      setSaved(stored);
      showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
      if (!saved) navigate(contentEditHref(projectId, "tooltips", stored.id), { replace: true });
    });
  };

  return (
    <>
      {saved && (
        <TooltipBars
          projectId={projectId}
          saved={saved}
          dirty={form.dirty}
          draft={builderDraft}
          onSaved={setSaved}
          onReload={onReload}
        />
      )}
      <div className="content-editor">
        <form className="entity-form content-form" noValidate onSubmit={submit}>
          <section className="detail-card">{text("name", { hint: t("content.field.nameHint") })}</section>
          <section className="detail-card">
            <h2>{t("content.section.content")}</h2>
            {text("selector", { code: true, placeholder: "#pricing .cta" })}
            <TextField
              id="tooltip-html"
              label={t("content.field.html")}
              value={state.html}
              hint={t("content.field.bodyHint")}
              multiline
              code
              error={errorOf("html", t("content.field.html"))}
              onChange={(html) => set({ html })}
            />
          </section>
          <PlacementSection state={state} set={set} text={text} />
          <section className="detail-card">
            <h2>{t("content.section.targeting")}</h2>
            <TargetingFields
              prefix="tooltip"
              pageFilterType={state.pageType}
              pageFilter={state.page}
              errorOf={(field, label) =>
                errorOf(
                  field === "pageFilter" ? "page" : field === "pageFilterType" ? "pageType" : field,
                  label,
                )
              }
              onChange={(change) =>
                set({
                  ...(change.pageFilterType !== undefined ? { pageType: change.pageFilterType } : {}),
                  ...(change.pageFilter !== undefined ? { page: change.pageFilter } : {}),
                })
              }
            />
            <TextField
              id="tooltip-builder-url"
              label={t("content.field.builderUrl")}
              value={state.builderUrl}
              placeholder="https://"
              hint={t("content.field.builderUrlHint")}
              error={errorOf("builderUrl", t("content.field.builderUrl"))}
              onChange={(builderUrl) => set({ builderUrl })}
            />
            <BuilderButton
              kind="tooltip"
              projectId={projectId}
              itemId={saved?.id ?? null}
              url={state.builderUrl}
              dirty={form.dirty}
              onSaved={builderDraft.refresh}
            />
          </section>
          <FormActions
            busy={form.busy}
            busyLabel={t("content.saving")}
            submitLabel={t(saved ? "content.save" : "content.createButton")}
          >
            <FormCancelLink href={listHref(contentListPath(projectId, "tooltips"))}>
              {t("content.cancel")}
            </FormCancelLink>
          </FormActions>
        </form>
        <TooltipPreview html={state.html} mode={state.mode} posX={state.posX} color={state.color} />
      </div>
    </>
  );
}

type TextInput = (
  key: "name" | "selector" | "icon" | "color" | "offsetX" | "offsetY",
  extra?: Partial<Parameters<typeof TextField>[0]>,
) => ReactNode;

/** The saved tooltip's publish bar, and the builder's draft of it waiting to be published. */
function TooltipBars({
  projectId,
  saved,
  dirty,
  draft,
  onSaved,
  onReload,
}: {
  projectId: string;
  saved: AdminTooltip;
  dirty: boolean;
  draft: ReturnType<typeof useBuilderDraft>;
  onSaved: (saved: AdminTooltip) => void;
  onReload: () => void;
}) {
  return (
    <>
      <ContentPublishBar
        projectId={projectId}
        kind="tooltips"
        id={saved.id}
        name={saved.name}
        status={saved.status}
        dirty={dirty}
        onStatus={(status) => onSaved({ ...saved, status })}
      />
      <ItemDraftBar
        projectId={projectId}
        kind="tooltip"
        item={saved}
        builderDraft={draft}
        dirty={dirty}
        onPublished={onReload}
      />
    </>
  );
}

/** How the tooltip shows: hotspot or plain, its side, offsets, colour, icon and animation. */
function PlacementSection({
  state,
  set,
  text,
}: {
  state: TooltipFormState;
  set: (change: Partial<TooltipFormState>) => void;
  text: TextInput;
}) {
  const { t } = useT();
  return (
    <section className="detail-card">
      <h2>{t("content.section.placement")}</h2>
      <div className="form-row">
        <SelectField
          id="tooltip-mode"
          label={t("content.field.mode")}
          value={state.mode}
          options={[
            { value: "hotspot", text: t("content.mode.hotspot") },
            { value: "plain", text: t("content.mode.plain") },
          ]}
          onChange={(mode) => set({ mode })}
        />
        <SelectField
          id="tooltip-posX"
          label={t("content.field.posX")}
          value={state.posX}
          options={[
            { value: "left", text: t("content.pos.left") },
            { value: "right", text: t("content.pos.right") },
          ]}
          onChange={(posX) => set({ posX })}
        />
        <SelectField
          id="tooltip-posY"
          label={t("content.field.posY")}
          value={state.posY}
          options={(["top", "center", "bottom"] as const).map((value) => ({
            value,
            text: t(`content.pos.${value}`),
          }))}
          onChange={(posY) => set({ posY })}
        />
      </div>
      <div className="form-row">
        {text("offsetX", { placeholder: "4" })}
        {text("offsetY", { placeholder: "0" })}
        {text("color", { placeholder: "#485BFF", hint: t("content.field.colorHint") })}
        {text("icon")}
      </div>
      <CheckboxField
        id="tooltip-animated"
        label={t("content.field.animated")}
        checked={state.animated}
        onChange={(animated) => set({ animated })}
      />
    </section>
  );
}

/** `/dashboard/content/{project}/tooltips/create` and `…/{id}/edit`. */
export function TooltipEditor({ projectId, id }: { projectId: string; id: string | undefined }) {
  const [version, setVersion] = useState(0);
  return (
    <ContentRecordPage
      projectId={projectId}
      kind="tooltips"
      id={id}
      load={(tooltipId) => contentApi.tooltips.get(projectId, tooltipId)}
      recordName={(record) => record.name}
    >
      {(record, reload) => (
        <TooltipForm
          // The form starts again from what is stored once the builder's draft was published into it.
          key={`${record?.id ?? "new"}:${version}`}
          projectId={projectId}
          record={record}
          onReload={() => {
            setVersion((count) => count + 1);
            reload();
          }}
        />
      )}
    </ContentRecordPage>
  );
}
