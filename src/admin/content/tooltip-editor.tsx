import { type ReactNode, useState } from "react";
import type { AdminTooltip } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { BuilderButton } from "./builder-button.tsx";
import { contentApi } from "./content-api.ts";
import { ContentEditorForm, ContentSection } from "./content-editor-form.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { TooltipPreview } from "./content-previews.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { SavedRecordBars } from "./saved-record-bars.tsx";
import { TargetingCard } from "./targeting-fields.tsx";
import type { TooltipFormState } from "./tooltip-form-state.ts";
import { useTooltipForm } from "./use-tooltip-form.ts";

type TextInput = (
  key: "name" | "selector" | "icon" | "color" | "offsetX" | "offsetY",
  extra?: Partial<Parameters<typeof TextField>[0]>,
) => ReactNode;

type ErrorOf = (path: string, label: string) => string | null;

/** The tooltip's form: its name, content, placement and targeting beside its preview, its bars above. */
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
  const { saved, setSaved, form, builderDraft, set, errorOf, submit } = useTooltipForm(projectId, record);
  const { state } = form;
  const text: TextInput = (key, extra = {}) => (
    <TextField
      id={`tooltip-${key}`}
      label={t(`content.field.${key}`)}
      value={state[key]}
      error={errorOf(key, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
      {...extra}
    />
  );

  return (
    <>
      <SavedRecordBars
        projectId={projectId}
        kind="tooltips"
        builderKind="tooltip"
        saved={saved}
        dirty={form.dirty}
        builderDraft={builderDraft}
        withStatus={(stored, status) => ({ ...stored, status })}
        onSaved={setSaved}
        onReload={onReload}
      />
      <ContentEditorForm
        projectId={projectId}
        kind="tooltips"
        busy={form.busy}
        saved={Boolean(saved)}
        preview={<TooltipPreview html={state.html} mode={state.mode} posX={state.posX} color={state.color} />}
        onSubmit={submit}
      >
        <section className="detail-card">{text("name", { hint: t("content.field.nameHint") })}</section>
        <ContentSection>
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
        </ContentSection>
        <PlacementSection state={state} set={set} text={text} />
        <TargetingSection state={state} errorOf={errorOf} set={set}>
          <BuilderButton
            kind="tooltip"
            projectId={projectId}
            itemId={saved?.id ?? null}
            url={state.builderUrl}
            dirty={form.dirty}
            onSaved={builderDraft.refresh}
          />
        </TargetingSection>
      </ContentEditorForm>
    </>
  );
}

/** Where the tooltip shows: the pages it is on and the page the builder opens, then the builder. */
function TargetingSection({
  state,
  errorOf,
  set,
  children,
}: {
  state: TooltipFormState;
  errorOf: ErrorOf;
  set: (change: Partial<TooltipFormState>) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <TargetingCard
      prefix="tooltip"
      pageFilterType={state.pageType}
      pageFilter={state.page}
      errorOf={(field, label) =>
        errorOf(field === "pageFilter" ? "page" : field === "pageFilterType" ? "pageType" : field, label)
      }
      onChange={(change) =>
        set({
          ...(change.pageFilterType !== undefined ? { pageType: change.pageFilterType } : {}),
          ...(change.pageFilter !== undefined ? { page: change.pageFilter } : {}),
        })
      }
    >
      <TextField
        id="tooltip-builder-url"
        label={t("content.field.builderUrl")}
        value={state.builderUrl}
        placeholder="https://"
        hint={t("content.field.builderUrlHint")}
        error={errorOf("builderUrl", t("content.field.builderUrl"))}
        onChange={(builderUrl) => set({ builderUrl })}
      />
      {children}
    </TargetingCard>
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
  /** A choice among `values` (each named by `name`) for the placement's `key`. */
  const choice = <K extends "mode" | "posX" | "posY">(
    key: K,
    values: readonly TooltipFormState[K][],
    name: (value: TooltipFormState[K]) => string,
  ) => (
    <SelectField
      id={`tooltip-${key}`}
      label={t(`content.field.${key}`)}
      value={state[key]}
      options={values.map((value) => ({ value, text: name(value) }))}
      onChange={(value) => set({ [key]: value })}
    />
  );
  return (
    <section className="detail-card">
      <h2>{t("content.section.placement")}</h2>
      <div className="form-row">
        {choice("mode", ["hotspot", "plain"], (mode) => t(`content.mode.${mode}`))}
        {choice("posX", ["left", "right"], (side) => t(`content.pos.${side}`))}
        {choice("posY", ["top", "center", "bottom"], (side) => t(`content.pos.${side}`))}
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
