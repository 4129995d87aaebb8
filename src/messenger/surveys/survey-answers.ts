import type { Survey, SurveyAnswerRequest, SurveyQuestion } from "../../shared/surveys-api.ts";

/** An answer: a score (nps, rating), a choice (single), choices (multiple) or a text. */
export type Answer = number | string | string[];
export type Answers = Record<string, Answer>;

/** The rating scale of a question: 5 stars unless it says another (2–10). */
export const ratingScale = (question: Pick<SurveyQuestion, "scale">) =>
  Number.isInteger(question.scale) ? Math.max(2, Math.min(10, question.scale as number)) : 5;

/** Whether an answer counts as given (an empty text or no choice does not). */
export function isAnswered(answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === "number") return Number.isFinite(answer);
  if (typeof answer === "string") return answer.trim() !== "";
  return answer.length > 0;
}

/** Whether a question may be left: answered, or not required. */
export const canLeave = (question: SurveyQuestion, answer: Answer | undefined) =>
  question.required !== true || isAnswered(answer);

/** `POST /surveys/{id}/answers`'s body: the given answers by question id, texts trimmed. */
export function answersRequest(survey: Pick<Survey, "questions">, answers: Answers): SurveyAnswerRequest {
  const body: SurveyAnswerRequest["answers"] = {};
  for (const question of survey.questions) {
    const answer = answers[question.id];
    if (!isAnswered(answer)) continue;
    body[question.id] =
      typeof answer === "string" ? (answer as string).trim() : (answer as number | string[]);
  }
  return { answers: body };
}

/** Questions answered with one tap move on by themselves. */
export const advancesOnAnswer = (question: SurveyQuestion) =>
  question.type === "nps" || question.type === "rating" || question.type === "single";
