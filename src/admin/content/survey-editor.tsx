import { useState } from "react";
import { Link } from "wouter";
import type { AdminSurvey } from "../../shared/surveys-api.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { surveyResultsHref } from "./content-paths.ts";
import { SurveyPreview } from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import {
  type Delivered,
  DeliveredEditorView,
  DeliveredRecordPage,
  useDeliveredForm,
} from "./delivered-editor.tsx";
import {
  emptySurveyForm,
  type SurveyFormState,
  surveyFormFromRecord,
  surveyRequestFromForm,
  validateSurveyForm,
} from "./survey-form-state.ts";
import { SurveyQuestionsEditor } from "./survey-questions-editor.tsx";

function SurveyForm({ projectId, loaded }: { projectId: string; loaded: Delivered<AdminSurvey> | null }) {
  const { t } = useT();
  const { form, saved, setSaved, submit } = useDeliveredForm({
    projectId,
    kind: "surveys",
    loaded,
    fromRecord: surveyFormFromRecord,
    empty: emptySurveyForm,
    validate: validateSurveyForm,
    request: surveyRequestFromForm,
  });
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

  return (
    <DeliveredEditorView
      projectId={projectId}
      kind="surveys"
      form={form}
      saved={Boolean(saved)}
      delivery={saved?.delivery}
      bar={
        saved && (
          <ContentPublishBar
            projectId={projectId}
            kind="surveys"
            id={saved.record.id}
            name={saved.record.title}
            status={saved.record.status}
            dirty={form.dirty}
            deleteBody={t("content.deleteSurveyBody", { count: saved.record.responses })}
            onStatus={(status) => setSaved({ ...saved, record: { ...saved.record, status } })}
          />
        )
      }
      more={
        <SurveyQuestionsEditor
          questions={state.questions}
          errorOf={errorOf}
          onChange={(questions) => set({ questions })}
          onEdit={setPreviewIndex}
        />
      }
      links={
        saved && (
          <Link
            href={surveyResultsHref(projectId, saved.record.id)}
            className={buttonClass({ variant: "secondary" })}
          >
            {t("content.results")}
          </Link>
        )
      }
      preview={
        <SurveyPreview
          title={state.title}
          question={state.questions[Math.min(previewIndex, state.questions.length - 1)]}
        />
      }
      onSubmit={submit}
      onDelivery={(delivery) => set({ delivery })}
    >
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
    </DeliveredEditorView>
  );
}

/** `/dashboard/content/{project}/surveys/create` and `…/{id}/edit`: the questions and their delivery. */
export function SurveyEditor({ projectId, id }: { projectId: string; id: string | undefined }) {
  return (
    <DeliveredRecordPage projectId={projectId} kind="surveys" id={id} recordName={(survey) => survey.title}>
      {(loaded) => <SurveyForm key={loaded?.record.id ?? "new"} projectId={projectId} loaded={loaded} />}
    </DeliveredRecordPage>
  );
}
