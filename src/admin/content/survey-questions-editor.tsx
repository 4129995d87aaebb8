import { surveyQuestionTypes } from "../../shared/surveys-api.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { EntryListSection } from "./entry-controls.tsx";
import { newQuestion, type SurveyQuestionState } from "./survey-form-state.ts";

type ErrorOf = (path: string, label: string) => string | null;

/** A survey's questions: type, wording, whether required, choices or the star scale. */
export function SurveyQuestionsEditor({
  questions,
  errorOf,
  onChange,
  onEdit,
}: {
  questions: SurveyQuestionState[];
  errorOf: ErrorOf;
  onChange: (questions: SurveyQuestionState[]) => void;
  /** Which question was changed last (the preview shows it). */
  onEdit: (index: number) => void;
}) {
  const { t } = useT();
  return (
    <EntryListSection
      titleId="survey-questions-title"
      title={t("content.section.questions")}
      error={errorOf("questions", t("content.section.questions"))}
      entries={questions}
      keyOf={(question) => question.id}
      entryLabel={(index) => t("content.questionNumber", { n: index + 1 })}
      addLabel={t("content.addQuestion")}
      onAdd={() => {
        onEdit(questions.length);
        onChange([...questions, newQuestion(questions, "single")]);
      }}
      onChange={onChange}
      onEdit={onEdit}
    >
      {(question, index, set) => (
        <QuestionFields question={question} path={`questions.${index}`} errorOf={errorOf} set={set} />
      )}
    </EntryListSection>
  );
}

/** One question's type (and star scale), wording, choices and whether it must be answered. */
function QuestionFields({
  question,
  path,
  errorOf,
  set,
}: {
  question: SurveyQuestionState;
  path: string;
  errorOf: ErrorOf;
  set: (change: Partial<SurveyQuestionState>) => void;
}) {
  const { t } = useT();
  const id = `survey-question-${question.id}`;
  const text = (key: "questionTitle" | "description" | "options", value: string, lines?: number) => {
    const field = key === "questionTitle" ? "title" : key;
    return (
      <TextField
        id={`${id}-${field}`}
        label={t(`content.field.${key}`)}
        value={value}
        multiline={lines !== undefined}
        rows={lines}
        error={errorOf(`${path}.${field}`, t(`content.field.${key}`))}
        onChange={(next) => set({ [field]: next })}
      />
    );
  };
  return (
    <>
      <div className="form-row">
        <SelectField
          id={`${id}-type`}
          label={t("content.field.questionType")}
          value={question.type}
          options={surveyQuestionTypes.map((type) => ({ value: type, text: t(`content.question.${type}`) }))}
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
      {text("questionTitle", question.title)}
      {text("description", question.description)}
      {(question.type === "single" || question.type === "multiple") && text("options", question.options, 4)}
      <CheckboxField
        id={`${id}-required`}
        label={t("content.field.required")}
        checked={question.required}
        onChange={(required) => set({ required })}
      />
    </>
  );
}
