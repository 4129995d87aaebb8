import type { SQL } from "bun";
import type { SurveyResponse } from "../../../shared/surveys-api.ts";
import { type ListQuery, listItems } from "../../http/list-query.ts";
import { parseJson } from "../repository-helpers.ts";
import type { SurveyAnswerValue } from "./survey-answers.ts";

/** A survey's answers one respondent at a time: what they answered, who they were, where they were. */

interface ResponseRow {
  id: string;
  answers: string;
  session_id: string | null;
  page_url: string | null;
  created_at: string;
  user_id: string | null;
  name: string | null;
  email: string | null;
  /** Whether the session row still exists (the answer keeps a deleted session's id as null). */
  known: string | null;
}

export const surveyResponseSortColumns: Record<string, string> = { createdAt: "a.created_at" };

function fromRow(row: ResponseRow): SurveyResponse {
  return {
    id: row.id,
    answers: parseJson<Record<string, SurveyAnswerValue>>(row.answers, {}),
    sessionId: row.session_id,
    user: row.known === null ? null : { userId: row.user_id, name: row.name, email: row.email },
    pageUrl: row.page_url,
    createdAt: row.created_at,
  };
}

/** One page of the survey's responses with their sessions' identities, by the list query's order. */
export async function listSurveyResponses(sql: SQL, surveyId: string, query: ListQuery) {
  return listItems(sql, {
    select:
      "a.id, a.answers, a.session_id, a.page_url, a.created_at, w.user_id, w.name, w.email, w.id AS known",
    from: sql`survey_answers a LEFT JOIN widget_sessions w ON w.id = a.session_id`,
    where: [sql`a.survey_id = ${surveyId}`],
    query,
    tieBreaker: "a.id",
    toItem: fromRow,
  });
}
