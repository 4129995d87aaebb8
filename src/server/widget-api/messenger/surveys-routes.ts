import { SurveyAnswerRequest } from "../../../shared/surveys-api.ts";
import { acknowledgeSurveyAnswered } from "../../domain/outbounds/outbound-acknowledgement.ts";
import { checkSurveyAnswers } from "../../domain/surveys/survey-answers.ts";
import {
  findLiveSurvey,
  hasAnswered,
  insertSurveyAnswer,
  widgetSurvey,
} from "../../domain/surveys/surveys-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { sessionOf } from "./route-context.ts";

export const answeredAlreadyMessage = "You have answered this survey already";

/** A live survey and the session's answers to it: one per session unless the survey allows more. */
export function surveysRoutes({ sql, fanout, logger, webhooks }: WidgetRouteDeps): WidgetRoute[] {
  const missing = (id: string) => jsonError(404, `No live survey ${id}`);

  async function survey(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const id = context.params.surveyId ?? "";
    const found = await findLiveSurvey(sql, context.project.id, id);
    if (!found) return missing(id);
    return json(widgetSurvey(found, await hasAnswered(sql, found.id, session.id)));
  }

  async function answer(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const body = await readJsonBody(context.request, SurveyAnswerRequest);
    if (!body.ok) return body.response;
    const id = context.params.surveyId ?? "";
    const found = await findLiveSurvey(sql, context.project.id, id);
    if (!found) return missing(id);
    const checked = checkSurveyAnswers(found.questions, body.value.answers);
    if (!checked.ok) return jsonError(400, checked.error, checked.field);
    const answerId = await insertSurveyAnswer(sql, found.id, session.id, checked.answers);
    if (!answerId) return jsonError(409, answeredAlreadyMessage);
    // The survey outbounds that offered it are completed: the next of the visitor's queue may show.
    // The answer is stored whatever becomes of that.
    try {
      await acknowledgeSurveyAnswered({ sql, fanout, logger }, context.project, session, found.id);
    } catch (error) {
      logger?.warn("survey completion not recorded", {
        surveyId: found.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    await webhooks?.emit(context.project.id, "survey.answered", () => ({
      survey: { id: found.id, title: found.title },
      answerId,
      sessionId: session.id,
      answers: checked.answers,
    }));
    return json({ id: answerId }, { status: 201 });
  }

  return [
    { method: "GET", pattern: "/api/widget/surveys/:surveyId", auth: "session", handle: survey },
    { method: "POST", pattern: "/api/widget/surveys/:surveyId/answers", auth: "session", handle: answer },
  ];
}
