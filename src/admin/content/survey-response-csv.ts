import type { SurveyQuestion, SurveyResponse } from "../../shared/surveys-api.ts";
import type { Translator } from "../i18n/intl.ts";
import type { CsvColumn } from "../shell/list/csv-export.ts";

/**
 * One answer as text: a score or rating as its number, chosen options joined by "; " (an option may
 * contain a comma), a text as written; null when the question was not answered.
 */
export function answerValue(response: SurveyResponse, questionId: string): string | number | null {
  if (!Object.hasOwn(response.answers, questionId)) return null;
  const value = response.answers[questionId];
  if (Array.isArray(value)) return value.join("; ");
  return value ?? null;
}

/**
 * The survey's CSV file (after the export's id column): when, the session and who it was, the page,
 * then one column per current question, titled by the question.
 */
export const surveyResponseCsvColumns = (
  tr: Translator,
  questions: readonly SurveyQuestion[],
): CsvColumn<SurveyResponse>[] => [
  { header: tr.t("surveyResponses.csv.answeredAt"), value: (response) => response.createdAt },
  { header: tr.t("surveyResponses.csv.session"), value: (response) => response.sessionId },
  { header: tr.t("surveyResponses.csv.userId"), value: (response) => response.user?.userId },
  { header: tr.t("surveyResponses.csv.name"), value: (response) => response.user?.name },
  { header: tr.t("surveyResponses.csv.email"), value: (response) => response.user?.email },
  { header: tr.t("surveyResponses.csv.page"), value: (response) => response.pageUrl },
  ...questions.map(
    (question): CsvColumn<SurveyResponse> => ({
      header: question.title,
      value: (response) => answerValue(response, question.id),
    }),
  ),
];
