import { useState } from "react";
import { Link } from "wouter";
import type { AdminSurvey } from "../../shared/surveys-api.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { surveyResultsHref } from "./content-paths.ts";
import { SurveyPreview } from "./content-previews.tsx";
import { DeliveredEditorView, type DeliveredFormProps, useDeliveredForm } from "./delivered-editor.tsx";
import {
  emptySurveyForm,
  type SurveyFormState,
  surveyFormFromRecord,
  surveyRequestFromForm,
  validateSurveyForm,
} from "./survey-form-state.ts";
import { SurveyQuestionsEditor } from "./survey-questions-editor.tsx";

/** The survey's title, description, thanks and whether a visitor may answer more than once. */
function SurveyTexts({
  state,
  errorOf,
  set,
}: {
  state: SurveyFormState;
  errorOf: (path: string, label: string) => string | null;
  set: (change: Partial<SurveyFormState>) => void;
}) {
  const { t } = useT();
  const text = (id: string, key: "title" | "description" | "thankYouMessage", lines?: number) => (
    <TextField
      id={id}
      label={t(`content.field.${key}`)}
      value={state[key]}
      multiline={lines !== undefined}
      rows={lines}
      error={errorOf(key, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
    />
  );
  return (
    <>
      {text("survey-title", "title")}
      {text("survey-description", "description", 2)}
      {text("survey-thanks", "thankYouMessage")}
      <CheckboxField
        id="survey-multiple"
        label={t("content.field.allowMultipleAnswers")}
        checked={state.allowMultipleAnswers}
        onChange={(allowMultipleAnswers) => set({ allowMultipleAnswers })}
      />
    </>
  );
}

/**
 * A survey's form (`/dashboard/content/{project}/surveys/create` and `…/{id}/edit`): the questions and
 * their delivery.
 */
export function SurveyForm({ projectId, loaded }: DeliveredFormProps<AdminSurvey>) {
  const { t } = useT();
  const editor = useDeliveredForm({
    projectId,
    kind: "surveys",
    loaded,
    fromRecord: surveyFormFromRecord,
    empty: emptySurveyForm,
    validate: validateSurveyForm,
    request: surveyRequestFromForm,
  });
  const { form, saved } = editor;
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
      editor={editor}
      deleteBody={saved ? t("content.deleteSurveyBody", { count: saved.record.responses }) : undefined}
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
      onDelivery={(delivery) => set({ delivery })}
    >
      <SurveyTexts state={state} errorOf={errorOf} set={set} />
    </DeliveredEditorView>
  );
}
