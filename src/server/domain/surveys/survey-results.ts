import type { SurveyQuestion, SurveyQuestionResult, SurveyResults } from "../../../shared/surveys-api.ts";
import { ratingScale, type SurveyAnswerValue } from "./survey-answers.ts";

/** Text answers kept in a result, newest first. */
export const maxTextAnswers = 500;

/**
 * The Net Promoter Score of 0–10 answers: the share of promoters (9, 10) minus the share of
 * detractors (0–6), in percent, rounded; null without answers.
 */
export function npsScore(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const promoters = values.filter((value) => value >= 9).length;
  const detractors = values.filter((value) => value <= 6).length;
  // + 0 turns a -0 into 0.
  return Math.round(((promoters - detractors) / values.length) * 100) + 0;
}

const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/**
 * Aggregates answers (newest first) per current question. Answers to questions since removed, and
 * values that no longer fit a changed question (an option renamed, a scale shortened), are not counted.
 */
export function aggregateSurvey(
  surveyId: string,
  questions: readonly SurveyQuestion[],
  answers: ReadonlyArray<{ answers: Record<string, SurveyAnswerValue>; createdAt: string }>,
): SurveyResults {
  const results = questions.map((question): SurveyQuestionResult => {
    const values = answers
      .map((answer) => ({
        value: Object.hasOwn(answer.answers, question.id) ? answer.answers[question.id] : undefined,
        createdAt: answer.createdAt,
      }))
      .filter((entry) => entry.value !== undefined);
    const base = { id: question.id, type: question.type, title: question.title };
    switch (question.type) {
      case "nps": {
        const scores = values
          .map((entry) => entry.value)
          .filter((v): v is number => isWhole(v) && v >= 0 && v <= 10);
        const distribution = Array.from({ length: 11 }, (_, n) => scores.filter((v) => v === n).length);
        return {
          ...base,
          answered: scores.length,
          nps: {
            score: npsScore(scores),
            promoters: scores.filter((v) => v >= 9).length,
            passives: scores.filter((v) => v === 7 || v === 8).length,
            detractors: scores.filter((v) => v <= 6).length,
            distribution,
          },
        };
      }
      case "rating": {
        const scale = ratingScale(question);
        const ratings = values
          .map((entry) => entry.value)
          .filter((v): v is number => isWhole(v) && v >= 1 && v <= scale);
        const sum = ratings.reduce((total, v) => total + v, 0);
        return {
          ...base,
          answered: ratings.length,
          rating: {
            average: ratings.length === 0 ? null : Math.round((sum / ratings.length) * 100) / 100,
            scale,
            distribution: Array.from({ length: scale }, (_, n) => ratings.filter((v) => v === n + 1).length),
          },
        };
      }
      case "single":
      case "multiple": {
        const options = question.options ?? [];
        const chosen = values.map((entry) =>
          (Array.isArray(entry.value) ? entry.value : [entry.value]).filter(
            (choice): choice is string => typeof choice === "string" && options.includes(choice),
          ),
        );
        return {
          ...base,
          answered: chosen.filter((choices) => choices.length > 0).length,
          options: options.map((option) => ({
            option,
            count: chosen.filter((choices) => choices.includes(option)).length,
          })),
        };
      }
    }
    // text
    const texts = values
      .filter(
        (entry): entry is { value: string; createdAt: string } =>
          typeof entry.value === "string" && entry.value !== "",
      )
      .map((entry) => ({ text: entry.value, createdAt: entry.createdAt }))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    return { ...base, answered: texts.length, texts: texts.slice(0, maxTextAnswers) };
  });
  return { surveyId, responses: answers.length, questions: results };
}
