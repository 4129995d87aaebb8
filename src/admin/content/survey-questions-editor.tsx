import { surveyQuestionTypes } from "../../shared/surveys-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { EntryControls } from "./entry-controls.tsx";
import { moveBy, removeAt, replaceAt } from "./list-edit.ts";
import { newQuestion, type SurveyQuestionState } from "./survey-form-state.ts";

/** A survey's questions: type, wording, whether required, choices or the star scale. */
export function SurveyQuestionsEditor({
  questions,
  errorOf,
  onChange,
  onEdit,
}: {
  questions: SurveyQuestionState[];
  errorOf: (path: string, label: string) => string | null;
  onChange: (questions: SurveyQuestionState[]) => void;
  /** Which question was changed last (the preview shows it). */
  onEdit: (index: number) => void;
}) {
  const { t } = useT();
  const listError = errorOf("questions", t("content.section.questions"));
  return (
    <section
      className="detail-card"
      aria-labelledby="survey-questions-title"
      data-invalid={listError ? "true" : undefined}
    >
      <h2 id="survey-questions-title">{t("content.section.questions")}</h2>
      {listError && <p className="form-error">{listError}</p>}
      {questions.map((question, index) => {
        const path = `questions.${index}`;
        const id = `survey-question-${question.id}`;
        const set = (change: Partial<SurveyQuestionState>) => {
          onEdit(index);
          onChange(replaceAt(questions, index, { ...question, ...change }));
        };
        return (
          <div className="content-entry" key={question.id}>
            <EntryControls
              label={t("content.questionNumber", { n: index + 1 })}
              index={index}
              count={questions.length}
              onMove={(by) => onChange(moveBy(questions, index, by))}
              onRemove={() => onChange(removeAt(questions, index))}
            />
            <div className="form-row">
              <SelectField
                id={`${id}-type`}
                label={t("content.field.questionType")}
                value={question.type}
                options={surveyQuestionTypes.map((type) => ({
                  value: type,
                  text: t(`content.question.${type}`),
                }))}
                onChange={(type) => set({ type })}
              />
              {question.type === "rating" && (
                <SelectField
                  id={`${id}-scale`}
                  label={t("content.field.scale")}
                  value={String(question.scale)}
                  options={[3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({
                    value: String(value),
                    text: String(value),
                  }))}
                  onChange={(scale) => set({ scale: Number(scale) })}
                />
              )}
            </div>
            <TextField
              id={`${id}-title`}
              label={t("content.field.questionTitle")}
              value={question.title}
              error={errorOf(`${path}.title`, t("content.field.questionTitle"))}
              onChange={(title) => set({ title })}
            />
            <TextField
              id={`${id}-description`}
              label={t("content.field.description")}
              value={question.description}
              error={errorOf(`${path}.description`, t("content.field.description"))}
              onChange={(description) => set({ description })}
            />
            {(question.type === "single" || question.type === "multiple") && (
              <TextField
                id={`${id}-options`}
                label={t("content.field.options")}
                value={question.options}
                multiline
                rows={4}
                error={errorOf(`${path}.options`, t("content.field.options"))}
                onChange={(options) => set({ options })}
              />
            )}
            <CheckboxField
              id={`${id}-required`}
              label={t("content.field.required")}
              checked={question.required}
              onChange={(required) => set({ required })}
            />
          </div>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          onEdit(questions.length);
          onChange([...questions, newQuestion(questions, "single")]);
        }}
      >
        {t("content.addQuestion")}
      </Button>
    </section>
  );
}
