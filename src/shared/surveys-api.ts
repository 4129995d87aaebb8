import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  number,
  object,
  optional,
  record,
  refine,
  size,
  union,
} from "superstruct";
import { boundedText, Key, type Stored, uniqueBy } from "./payload-text.ts";

/**
 * The messenger's surveys: what the frame app reads and writes under `/api/widget` with the session
 * headers, and what the admin reads and writes under `/api/projects/{projectId}/…`.
 *
 * Widget routes (session auth, JSON):
 *   GET  /surveys/{surveyId}                  → Survey (404 when not live)
 *   POST /surveys/{surveyId}/answers          SurveyAnswerRequest → 201 {id}; 409 when answered before
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   surveys:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is SurveyWrite; 404 unknown
 *     project or record, 400 invalid fields
 *   GET  surveys/{id}/results                             → SurveyResults
 *   GET  surveys/{id}/responses                           → SurveyResponse list (who answered what, where)
 */

export const surveyQuestionTypes = ["nps", "rating", "single", "multiple", "text"] as const;

export const SurveyQuestion = object({
  id: Key,
  type: enums(surveyQuestionTypes),
  title: boundedText(1, 500),
  description: optional(boundedText(0, 1000)),
  required: optional(boolean()),
  /** Choices of single and multiple questions. */
  options: optional(size(array(boundedText(1, 200)), 0, 30)),
  /** Rating scale (stars, 1 to scale), 5 by default, 2 to 10; NPS is always 0–10. */
  scale: optional(max(min(integer(), 2), 10)),
});
export type SurveyQuestion = Infer<typeof SurveyQuestion>;

/** A choice question with fewer than this many choices asks nothing. */
export const minSurveyChoices = 2;

/** Whether the question is answered by picking among its options. */
export const isChoiceQuestion = (question: Pick<SurveyQuestion, "type">): boolean =>
  question.type === "single" || question.type === "multiple";

export const SurveyWrite = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** Question ids are unique; single and multiple questions offer at least two different choices. */
  questions: refine(size(array(SurveyQuestion), 1, 30), "questions", (questions) => {
    const missing = questions.find(
      (question) => isChoiceQuestion(question) && new Set(question.options ?? []).size < minSurveyChoices,
    );
    if (missing) return `${missing.id} needs at least ${minSurveyChoices} different options`;
    return uniqueBy(questions, (question) => question.id, "question ids");
  }),
  /** Whether a session may answer more than once. */
  allowMultipleAnswers: optional(boolean()),
  thankYouMessage: optional(boundedText(0, 1000)),
  status: enums(["draft", "live"]),
});
export type SurveyWrite = Infer<typeof SurveyWrite>;

export interface Survey extends Omit<SurveyWrite, "status"> {
  id: string;
  /** Whether this session has answered already (then a survey without multiple answers is closed). */
  answered: boolean;
}

/**
 * Answers by question id: a whole number (nps 0–10, rating 1–scale), a choice (single), choices
 * (multiple), or a text. Unknown ids, wrong kinds, unknown options and missing required answers are a
 * 400 naming `answers.{questionId}`; a second answer of a session to a survey without
 * `allowMultipleAnswers` is a 409.
 */
export const SurveyAnswerRequest = object({
  answers: record(
    boundedText(1, 64),
    union([number(), boundedText(0, 5000), size(array(boundedText(0, 200)), 0, 30)]),
  ),
});
export type SurveyAnswerRequest = Infer<typeof SurveyAnswerRequest>;

// ---------- admin answers (under /api/projects) ----------

export interface AdminSurvey extends Stored {
  title: string;
  description: string;
  questions: SurveyQuestion[];
  allowMultipleAnswers: boolean;
  thankYouMessage: string;
  status: "draft" | "live";
  /** Answers received. */
  responses: number;
}

/**
 * `GET surveys/{id}/responses` (a list page, newest first; `sort=createdAt` or `-createdAt`): each
 * answer with who gave it and where. The session is the widget session (null once it was deleted);
 * `user` is what the session knew of the visitor when read (null for an anonymous one).
 */
export interface SurveyResponse {
  id: string;
  /** Answers by question id, as stored (see SurveyAnswerRequest). */
  answers: Record<string, number | string | string[]>;
  sessionId: string | null;
  user: { userId: string | null; name: string | null; email: string | null } | null;
  /** The page the visitor was on when answering; null when unknown (answers stored before the page was kept). */
  pageUrl: string | null;
  createdAt: string;
}

/** `GET surveys/{id}/results`: one entry per current question, in order. */
export interface SurveyResults {
  surveyId: string;
  /** Answers received in all. */
  responses: number;
  questions: SurveyQuestionResult[];
}

export interface SurveyQuestionResult {
  id: string;
  type: (typeof surveyQuestionTypes)[number];
  title: string;
  /** Responses that answered this question. */
  answered: number;
  /** single and multiple: every option with its count, in the question's order. */
  options?: Array<{ option: string; count: number }>;
  /** nps: score = % promoters (9–10) − % detractors (0–6), rounded; distribution[n] answers of n (0–10). */
  nps?: {
    score: number | null;
    promoters: number;
    passives: number;
    detractors: number;
    distribution: number[];
  };
  /** rating: the mean rounded to two places (null without answers); distribution[n − 1] answers of n. */
  rating?: { average: number | null; scale: number; distribution: number[] };
  /** text: the answers, newest first (at most 500). */
  texts?: Array<{ text: string; createdAt: string }>;
}
