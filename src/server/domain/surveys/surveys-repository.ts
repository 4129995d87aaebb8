import type { SQL } from "bun";
import type { AdminSurvey, Survey, SurveyQuestion, SurveyWrite } from "../../../shared/surveys-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { deleteProjectRowWithDependents, listProjectRecords, projectRowWrites } from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  contentStatus,
  foundOrNot,
  liveOrNull,
  nowIso,
  parseJson,
  textKey,
  toBoolean,
  toCount,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { foldPingsOf } from "../sessions/ping-log-registry.ts";
import type { SurveyAnswerValue } from "./survey-answers.ts";

/** Surveys (table surveys) and their answers (survey_answers). */

interface SurveyRow extends RecordRow {
  title: string;
  description: string;
  questions: string;
  allow_multiple_answers: boolean | number;
  thank_you_message: string;
  status: string;
  responses?: number | string | bigint;
}

const surveyColumns =
  "id title description questions allow_multiple_answers thank_you_message status responses created_at updated_at";

function fromRow(row: SurveyRow): AdminSurvey {
  return {
    ...rowFields(row, surveyColumns),
    questions: parseJson<SurveyQuestion[]>(row.questions, []),
    allowMultipleAnswers: toBoolean(row.allow_multiple_answers),
    status: contentStatus(row.status),
    responses: toCount(row.responses),
  };
}

export const widgetSurvey = (survey: AdminSurvey, answered: boolean): Survey => ({
  id: survey.id,
  title: survey.title,
  description: survey.description,
  questions: survey.questions,
  allowMultipleAnswers: survey.allowMultipleAnswers,
  thankYouMessage: survey.thankYouMessage,
  answered,
});

export const surveyNotFoundMessage = "Survey not found";

function columns(body: SurveyWrite) {
  return {
    title: body.title.trim(),
    title_key: textKey(body.title),
    description: body.description?.trim() ?? "",
    questions: JSON.stringify(body.questions),
    allow_multiple_answers: body.allowMultipleAnswers ?? false,
    thank_you_message: body.thankYouMessage?.trim() ?? "",
    status: body.status,
  };
}

const withResponses = "s.*, (SELECT count(*) FROM survey_answers a WHERE a.survey_id = s.id) AS responses";

export async function findSurvey(sql: SQL, projectId: string, id: string): Promise<AdminSurvey | null> {
  const [row] = await sql`SELECT ${sql.unsafe(withResponses)} FROM surveys s
    WHERE s.id = ${id} AND s.project_id = ${projectId}`;
  return row ? fromRow(row as SurveyRow) : null;
}

export async function findLiveSurvey(sql: SQL, projectId: string, id: string): Promise<AdminSurvey | null> {
  return liveOrNull(await findSurvey(sql, projectId, id));
}

export const surveySortColumns: Record<string, string> = {
  title: "s.title_key",
  status: "s.status",
  responses: "responses",
  createdAt: "s.created_at",
  updatedAt: "s.updated_at",
};

export async function listSurveys(sql: SQL, projectId: string, query: ListQuery) {
  return listProjectRecords(sql, projectId, query, {
    table: "surveys",
    alias: "s",
    select: withResponses,
    searchColumns: ["s.title_key"],
    status: query.params.get("status"),
    toItem: fromRow,
  });
}

export const { insert: insertSurvey, update: updateSurvey } = projectRowWrites(
  "surveys",
  columns,
  surveyNotFoundMessage,
);

/** Deletes a survey and its answers. */
export async function deleteSurvey(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const answers = { table: "survey_answers", column: "survey_id" };
  const deleted = await deleteProjectRowWithDependents(sql, "surveys", answers, { projectId, id });
  return foundOrNot(deleted, id, surveyNotFoundMessage);
}

export async function hasAnswered(sql: SQL, surveyId: string, sessionId: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM survey_answers
    WHERE survey_id = ${surveyId} AND session_id = ${sessionId} LIMIT 1`;
  return row !== undefined;
}

/**
 * Stores a session's answers. The row takes its once_key from the survey row in the same statement:
 * '' when the survey allows one answer per session, so the unique (survey, session, once_key) refuses a
 * second one even when two arrive at once. Null when the session had answered already. The page is
 * the session's last reported page: the frame itself does not know the host page's address.
 */
export async function insertSurveyAnswer(
  sql: SQL,
  surveyId: string,
  sessionId: string,
  answers: Record<string, SurveyAnswerValue>,
): Promise<string | null> {
  // The answer keeps the page the session was last seen on: its unfolded pings first (ping-log.ts).
  await foldPingsOf(sql, [sessionId]);
  const id = Bun.randomUUIDv7();
  const inserted =
    await sql`INSERT INTO survey_answers (id, survey_id, session_id, once_key, answers, page_url, created_at)
    SELECT ${id}, s.id, ${sessionId},
      CASE WHEN s.allow_multiple_answers THEN ${id} ELSE ${""} END, ${JSON.stringify(answers)},
      (SELECT w.last_page FROM widget_sessions w WHERE w.id = ${sessionId}), ${nowIso()}
    FROM surveys s WHERE s.id = ${surveyId}
    ON CONFLICT DO NOTHING RETURNING id`;
  return inserted.length > 0 ? id : null;
}

export interface StoredSurveyAnswer {
  answers: Record<string, SurveyAnswerValue>;
  createdAt: string;
}

/** Every answer of a survey, newest first (the results are computed from them). */
export async function listSurveyAnswers(sql: SQL, surveyId: string): Promise<StoredSurveyAnswer[]> {
  const rows = await sql`SELECT answers, created_at FROM survey_answers WHERE survey_id = ${surveyId}
    ORDER BY created_at DESC, id DESC`;
  return (rows as Array<{ answers: string; created_at: string }>).map((row) => ({
    answers: parseJson<Record<string, SurveyAnswerValue>>(row.answers, {}),
    createdAt: row.created_at,
  }));
}
