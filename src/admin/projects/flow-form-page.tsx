import { type FormEvent, useState } from "react";
import { useLocation, useParams } from "wouter";
import type { TranslationLanguage } from "../../shared/content-languages.ts";
import type { AdminFeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { TitledCard } from "../shell/detail/titled-card.tsx";
import { CheckField } from "../shell/form/check-field.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { firstLanguageWithError } from "../shell/form/translation-errors.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { FlowFieldsEditor } from "./flow-fields-editor.tsx";
import {
  emptyFlowForm,
  type FlowForm,
  flowFormFromFlow,
  flowWrite,
  knownFeedbackTypes,
  validateFlowForm,
} from "./flow-form-state.ts";
import { FlowTranslationsCard } from "./flow-translations-editor.tsx";
import { projectHref } from "./project-paths.ts";
import { projectsApi } from "./projects-api.ts";
import "./project-styles.ts";
import { SuggestionList } from "../shell/suggestion-list.tsx";

type TextField = "key" | "title" | "feedbackType" | "icon" | "description" | "successMessage";

/** Asks before deleting the flow; `onDeleted` runs once it is gone. */
function confirmFlowRemoval(projectId: string, flow: AdminFeedbackFlow, onDeleted: () => void) {
  confirmRemoval({
    heading: "flowForm.deleteHeading",
    body: "flowForm.deleteBody",
    confirmLabel: "flowForm.delete",
    remove: () => projectsApi.removeFlow(projectId, flow.id),
    done: "flowForm.deleted",
    onRemoved: onDeleted,
  });
}

/**
 * The flow form's state, the language its translations card shows (a refused save opens the language
 * of the first refused translation), the save and the delete, each back to the project after.
 */
function useFlowForm(projectId: string, flow: AdminFeedbackFlow | null) {
  const [, navigate] = useLocation();
  const form = useFormState<FlowForm>(
    () => (flow ? flowFormFromFlow(flow) : emptyFlowForm()),
    validateFlowForm,
  );
  const { state } = form;
  const [textsLanguage, setTextsLanguage] = useState<TranslationLanguage>("de");
  const back = projectHref(projectId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A refused translation sits on its language's tab: show it before the field takes the focus.
    const refused = firstLanguageWithError(validateFlowForm(state), "translations.");
    if (refused) setTextsLanguage(refused);
    if (!form.checkSubmit(event)) return;
    await form.save(
      async () => {
        const body = flowWrite(state, flow?.position);
        if (flow) await projectsApi.updateFlow(projectId, flow.id, body);
        else await projectsApi.createFlow(projectId, body);
        showToast({ type: "success", heading: flow ? "flowForm.updated" : "flowForm.created" });
        // Back to the project, whose list shows the flow in its place.
        navigate(back);
      },
      (failure) => form.refuse(serverFieldError(failure), apiErrorMessage(failure)),
    );
  };

  const remove = () =>
    flow &&
    confirmFlowRemoval(projectId, flow, () => {
      form.reset(state);
      navigate(back);
    });

  return { form, textsLanguage, setTextsLanguage, back, submit, remove };
}

type Form = ReturnType<typeof useFlowForm>["form"];

/** The flow's own settings: title, key, report type, icon, texts, whether it is live and on the home. */
function FlowSettingsCard({ form }: { form: Form }) {
  const { t } = useT();
  const { state } = form;
  const set = <K extends keyof FlowForm>(field: K, value: FlowForm[K]) =>
    form.update((current) => ({ ...current, [field]: value }), [field]);
  const input = (field: TextField, options: { multiline?: boolean; list?: string } = {}) => {
    // "flowForm.title" names the screen; the field has its own text.
    const label = t((field === "title" ? "flowForm.title.field" : `flowForm.${field}`) as MessageId);
    return (
      <FormField id={`flow-${field}`} label={label} error={form.errorOf(field, label)}>
        {(props) =>
          options.multiline ? (
            <textarea
              {...props}
              name={field}
              rows={3}
              value={state[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          ) : (
            <input
              {...props}
              name={field}
              list={options.list}
              spellCheck={field === "key" || field === "feedbackType" ? false : undefined}
              value={state[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          )
        }
      </FormField>
    );
  };
  return (
    <section className="detail-card">
      <SuggestionList id="feedback-types" values={knownFeedbackTypes} />
      <div className="form-row">
        {input("title")}
        {input("key")}
        {input("feedbackType", { list: "feedback-types" })}
        {input("icon")}
      </div>
      {input("description", { multiline: true })}
      {input("successMessage", { multiline: true })}
      <CheckField
        id="flow-live"
        label={t("flowForm.live")}
        hint={t("flowForm.liveHint")}
        checked={state.live}
        onChange={(live) => set("live", live)}
      />
      <CheckField
        id="flow-showOnHome"
        label={t("flowForm.showOnHome")}
        checked={state.showOnHome}
        onChange={(showOnHome) => set("showOnHome", showOnHome)}
      />
    </section>
  );
}

/** The flow's settings and fields; `flow` null creates one. */
function FlowFormView({ projectId, flow }: { projectId: string; flow: AdminFeedbackFlow | null }) {
  const { t } = useT();
  const { form, textsLanguage, setTextsLanguage, back, submit, remove } = useFlowForm(projectId, flow);
  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <FlowSettingsCard form={form} />
      <TitledCard id="flow-fields-title" title={t("flowForm.fields")}>
        <FlowFieldsEditor
          fields={form.state.fields}
          errorOf={form.errorOf}
          onChange={(fields, paths) =>
            form.update((current) => ({ ...current, fields }), ["fields", ...paths])
          }
        />
      </TitledCard>
      <FlowTranslationsCard form={form} current={textsLanguage} onSelect={setTextsLanguage} />
      <FormActions
        busy={form.busy}
        busyLabel={t("projectSettings.saving")}
        submitLabel={t(flow ? "flowForm.save" : "flowForm.create")}
      >
        <FormCancelLink href={back}>{t("confirm.cancel")}</FormCancelLink>
        {flow && (
          <Button variant="tertiary" className="danger-text push-end" onClick={remove}>
            {t("flowForm.delete")}
          </Button>
        )}
      </FormActions>
    </form>
  );
}

/**
 * `/dashboard/projects/:id/flows/create` and `…/flows/:flowId`: one form for a feedback flow (the
 * existing `feedback-flows` admin routes); editing loads the flow first.
 */
export default function FlowFormPage() {
  const { t } = useT();
  const { id = "", flowId: segment } = useParams<{ id: string; flowId?: string }>();
  // The route's `:flowId` also matches `create` (project-routes.ts): that is a new flow, not an id.
  const flowId = segment === "create" ? undefined : segment;
  const { resource, reload } = useResource(
    () => (flowId ? projectsApi.flow(id, flowId) : Promise.resolve(null)),
    `${id}/${flowId ?? "create"}`,
  );
  useDocumentTitle(
    t(flowId ? "flowForm.editTitle" : "flowForm.title"),
    resource.state === "ready" ? resource.data?.title : null,
  );
  const back = <BackLink href={projectHref(id)} />;
  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        back={back}
        onRetry={reload}
        texts={detailTexts("flowForm", { loading: flowId ? "flowForm.loading" : "loading.page" })}
      />
    );
  }
  const flow = resource.data;
  return (
    <FormPage
      titleId="flow-form-title"
      title={t(flow ? "flowForm.editTitle" : "flowForm.title")}
      subtitle={flow ? flow.title : null}
      back={back}
    >
      <FlowFormView key={flow?.id ?? "new"} projectId={id} flow={flow} />
    </FormPage>
  );
}
