import {
  type AdminSurvey,
  minSurveyChoices,
  type SurveyQuestion,
  SurveyWrite,
  type surveyQuestionTypes,
} from "../../shared/surveys-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { type DeliveryState, emptyDelivery, validateDelivery } from "./delivery-state.ts";

export type SurveyQuestionType = (typeof surveyQuestionTypes)[number];

/** A question as edited; the choices of single and multiple questions one a line, as typed. */
export interface SurveyQuestionState {
  id: string;
  type: SurveyQuestionType;
  title: string;
  description: string;
  required: boolean;
  options: string;
  scale: number;
}

/** A survey as edited: the form the messenger shows (surveys-api SurveyWrite) and its delivery. */
export interface SurveyFormState {
  title: string;
  description: string;
  thankYouMessage: string;
  allowMultipleAnswers: boolean;
  questions: SurveyQuestionState[];
  delivery: DeliveryState;
}

/** A question id no other question has: `q1`, `q2`, … (answers are stored by question id). */
export function nextQuestionId(questions: readonly { id: string }[]): string {
  const taken = new Set(questions.map((question) => question.id));
  let n = questions.length + 1;
  while (taken.has(`q${n}`)) n++;
  return `q${n}`;
}

export const newQuestion = (
  questions: readonly { id: string }[],
  type: SurveyQuestionType = "nps",
): SurveyQuestionState => ({
  id: nextQuestionId(questions),
  type,
  title: "",
  description: "",
  required: true,
  options: "",
  scale: 5,
});

export const emptySurveyForm: SurveyFormState = {
  title: "",
  description: "",
  thankYouMessage: "",
  allowMultipleAnswers: false,
  questions: [newQuestion([])],
  delivery: emptyDelivery("surveys"),
};

export function surveyFormFromRecord(survey: AdminSurvey, delivery: DeliveryState): SurveyFormState {
  return {
    title: survey.title,
    description: survey.description,
    thankYouMessage: survey.thankYouMessage,
    allowMultipleAnswers: survey.allowMultipleAnswers,
    questions: survey.questions.map((question) => ({
      id: question.id,
      type: question.type,
      title: question.title,
      description: question.description ?? "",
      required: question.required ?? false,
      options: (question.options ?? []).join("\n"),
      scale: question.scale ?? 5,
    })),
    delivery,
  };
}

const hasOptions = (type: SurveyQuestionType) => type === "single" || type === "multiple";

/** The choices typed one a line, blank lines left out. */
export const optionLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function questionRequest(question: SurveyQuestionState): SurveyQuestion {
  return {
    id: question.id,
    type: question.type,
    title: question.title.trim(),
    ...(question.description.trim() ? { description: question.description.trim() } : {}),
    required: question.required,
    ...(hasOptions(question.type) ? { options: optionLines(question.options) } : {}),
    ...(question.type === "rating" ? { scale: question.scale } : {}),
  };
}

/** The body of `POST /surveys` and `PUT /surveys/{id}`: saving keeps the status; publishing changes it. */
export function surveyRequestFromForm(state: SurveyFormState, status: ContentStatus): SurveyWrite {
  return {
    title: state.title.trim(),
    description: state.description.trim(),
    thankYouMessage: state.thankYouMessage.trim(),
    allowMultipleAnswers: state.allowMultipleAnswers,
    questions: state.questions.map(questionRequest),
    status,
  };
}

/**
 * The schema's errors, plus a missing or too short choice list named at its question (the schema
 * names the list).
 */
export function validateSurveyForm(state: SurveyFormState): FieldErrors {
  const errors = fieldErrors(surveyRequestFromForm(state, "draft"), SurveyWrite);
  let optionsMissing = false;
  state.questions.forEach((question, index) => {
    if (!hasOptions(question.type)) return;
    const choices = new Set(optionLines(question.options)).size;
    if (choices >= minSurveyChoices) return;
    errors[`questions.${index}.options`] = choices === 0 ? "options is required" : "content.rule.twoChoices";
    optionsMissing = true;
  });
  // The schema's own "q1 needs options" is about the list; the question's field says it better.
  if (optionsMissing) delete errors.questions;
  if (state.questions.length === 0) errors.questions = "content.rule.questions";
  return { ...errors, ...validateDelivery(state.delivery) };
}
