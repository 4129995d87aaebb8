import type { SurveyAnswerRequest, SurveyQuestion } from "../../../shared/surveys-api.ts";

export type SurveyAnswerValue = SurveyAnswerRequest["answers"][string];

export type AnswerCheck =
  | { ok: true; answers: Record<string, SurveyAnswerValue> }
  | { ok: false; error: string; field: string };

const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** The rating scale of a question (stars 1..scale). */
export const ratingScale = (question: SurveyQuestion): number => question.scale ?? 5;

/**
 * Checks answers against the survey's questions: every id is a question, every value the question's
 * kind (NPS 0–10, rating 1–scale, one of the options, some of them, a text), and every required question
 * answered. Empty answers (blank text, no choices) count as not given and are left out.
 */
export function checkSurveyAnswers(
  questions: readonly SurveyQuestion[],
  answers: Record<string, SurveyAnswerValue>,
): AnswerCheck {
  const byId = new Map(questions.map((question) => [question.id, question]));
  // A Map, so an id like "__proto__" is a key like any other.
  const kept = new Map<string, SurveyAnswerValue>();
  for (const [id, value] of Object.entries(answers)) {
    const question = byId.get(id);
    const field = `answers.${id}`;
    if (!question) return { ok: false, error: `The survey has no question ${id}`, field };
    const refuse = (error: string): AnswerCheck => ({ ok: false, error, field });
    switch (question.type) {
      case "nps":
        if (!isWhole(value) || value < 0 || value > 10)
          return refuse(`${id} must be a whole number from 0 to 10`);
        kept.set(id, value);
        break;
      case "rating": {
        const scale = ratingScale(question);
        if (!isWhole(value) || value < 1 || value > scale)
          return refuse(`${id} must be a whole number from 1 to ${scale}`);
        kept.set(id, value);
        break;
      }
      case "single":
        if (typeof value !== "string") return refuse(`${id} must be one of its options`);
        if (value === "") break;
        if (!question.options?.includes(value)) return refuse(`${id} must be one of its options`);
        kept.set(id, value);
        break;
      case "multiple": {
        if (!Array.isArray(value)) return refuse(`${id} must be a list of its options`);
        const unknown = value.find((choice) => !question.options?.includes(choice));
        if (unknown !== undefined) return refuse(`${id} has no option ${unknown}`);
        const choices = [...new Set(value)];
        if (choices.length > 0) kept.set(id, choices);
        break;
      }
      case "text":
        if (typeof value !== "string") return refuse(`${id} must be a text`);
        if (value.trim() !== "") kept.set(id, value.trim());
        break;
    }
  }
  const missing = questions.find((question) => question.required && !kept.has(question.id));
  if (missing) return { ok: false, error: `${missing.id} is required`, field: `answers.${missing.id}` };
  if (kept.size === 0) return { ok: false, error: "Answer at least one question", field: "answers" };
  return { ok: true, answers: Object.fromEntries(kept) };
}
