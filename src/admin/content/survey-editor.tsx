import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { AdminSurvey } from "../../shared/messenger-api.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { findDelivery, saveDelivery } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { contentEditHref, contentListPath, surveyResultsHref } from "./content-paths.ts";
import { SurveyPreview } from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";
import { deliveryFromOutbound } from "./delivery-state.ts";
import {
  emptySurveyForm,
  type SurveyFormState,
  surveyFormFromRecord,
  surveyRequestFromForm,
  validateSurveyForm,
} from "./survey-form-state.ts";
import { SurveyQuestionsEditor } from "./survey-questions-editor.tsx";

interface Loaded {
  survey: AdminSurvey;
  delivery: AdminOutbound | null;
}

function SurveyForm({ projectId, loaded }: { projectId: string; loaded: Loaded | null }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(loaded);
  const form = useFormState<SurveyFormState>(
    () =>
      loaded
        ? surveyFormFromRecord(loaded.survey, deliveryFromOutbound(loaded.delivery, "surveys"))
        : emptySurveyForm,
    validateSurveyForm,
  );
  const { state } = form;
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  const set = (change: Partial<SurveyFormState>) => {
    const keys = Object.keys(change);
    form.update(
      (current) => ({ ...current, ...change }),
      Object.keys(form.serverErrors).filter((path) =>
        keys.some((key) => path === key || path.startsWith(`${key}.`)),
      ),
    );
  };
  // The preview shows the question edited last.
  const [previewIndex, setPreviewIndex] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const body = surveyRequestFromForm(state, saved?.survey.status ?? "draft");
    await form.save(async () => {
      const survey = saved
        ? await contentApi.surveys.update(projectId, saved.survey.id, body)
        : await contentApi.surveys.create(projectId, body);
      const delivery = await saveDelivery(
        projectId,
        "surveys",
        survey,
        state.delivery,
        saved?.delivery ?? null,
      );
      setSaved({ survey, delivery });
      showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
      if (!saved) navigate(contentEditHref(projectId, "surveys", survey.id), { replace: true });
    });
  };

  return (
    <>
      {saved && (
        <ContentPublishBar
          projectId={projectId}
          kind="surveys"
          id={saved.survey.id}
          name={saved.survey.title}
          status={saved.survey.status}
          dirty={form.dirty}
          deleteBody={t("content.deleteSurveyBody", { count: saved.survey.responses })}
          onStatus={(status) => setSaved({ ...saved, survey: { ...saved.survey, status } })}
        />
      )}
      <div className="content-editor">
        <form className="entity-form content-form" noValidate onSubmit={submit}>
          <section className="detail-card">
            <h2>{t("content.section.content")}</h2>
            <TextField
              id="survey-title"
              label={t("content.field.title")}
              value={state.title}
              error={errorOf("title", t("content.field.title"))}
              onChange={(title) => set({ title })}
            />
            <TextField
              id="survey-description"
              label={t("content.field.description")}
              value={state.description}
              multiline
              rows={2}
              error={errorOf("description", t("content.field.description"))}
              onChange={(description) => set({ description })}
            />
            <TextField
              id="survey-thanks"
              label={t("content.field.thankYouMessage")}
              value={state.thankYouMessage}
              error={errorOf("thankYouMessage", t("content.field.thankYouMessage"))}
              onChange={(thankYouMessage) => set({ thankYouMessage })}
            />
            <CheckboxField
              id="survey-multiple"
              label={t("content.field.allowMultipleAnswers")}
              checked={state.allowMultipleAnswers}
              onChange={(allowMultipleAnswers) => set({ allowMultipleAnswers })}
            />
          </section>
          <SurveyQuestionsEditor
            questions={state.questions}
            errorOf={errorOf}
            onChange={(questions) => set({ questions })}
            onEdit={setPreviewIndex}
          />
          <DeliveryFields
            kind="surveys"
            delivery={state.delivery}
            errorOf={errorOf}
            onChange={(delivery) => set({ delivery })}
          />
          <FormActions
            busy={form.busy}
            busyLabel={t("content.saving")}
            submitLabel={t(saved ? "content.save" : "content.createButton")}
          >
            {saved && (
              <Link
                href={surveyResultsHref(projectId, saved.survey.id)}
                className={buttonClass({ variant: "secondary" })}
              >
                {t("content.results")}
              </Link>
            )}
            <FormCancelLink href={listHref(contentListPath(projectId, "surveys"))}>
              {t("content.cancel")}
            </FormCancelLink>
          </FormActions>
        </form>
        <SurveyPreview
          title={state.title}
          question={state.questions[Math.min(previewIndex, state.questions.length - 1)]}
        />
      </div>
    </>
  );
}

/** `/dashboard/content/{project}/surveys/create` and `…/{id}/edit`: the questions and their delivery. */
export function SurveyEditor({ projectId, id }: { projectId: string; id: string | undefined }) {
  return (
    <ContentRecordPage<Loaded>
      projectId={projectId}
      kind="surveys"
      id={id}
      load={async (surveyId) => {
        const [survey, delivery] = await Promise.all([
          contentApi.surveys.get(projectId, surveyId),
          findDelivery(projectId, "surveys", surveyId),
        ]);
        return { survey, delivery };
      }}
      recordName={(loaded) => loaded.survey.title}
    >
      {(loaded) => <SurveyForm key={loaded?.survey.id ?? "new"} projectId={projectId} loaded={loaded} />}
    </ContentRecordPage>
  );
}
