import type { AdminSurvey } from "../../../shared/surveys-api.ts";
import { listSurveyResponses, surveyResponseSortColumns } from "../../domain/surveys/survey-responses.ts";
import { aggregateSurvey } from "../../domain/surveys/survey-results.ts";
import {
  findSurvey,
  listSurveyAnswers,
  surveyNotFoundMessage,
} from "../../domain/surveys/surveys-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError } from "../platform-request.ts";
import { inProject } from "./projects-routes.ts";

/**
 * `GET /api/projects/{projectId}/surveys/{id}/results`: counts, NPS, ratings and texts per question;
 * `…/responses`: the answers one respondent at a time (a list page, newest first).
 */
export function surveyResultsRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  /** Wraps a handler of one of the project's surveys: an unknown project or survey is a 404 before it. */
  const ofSurvey = (handle: (request: Request, survey: AdminSurvey) => Promise<Response>) =>
    inProject(sql, async (request, projectId, id) => {
      const survey = await findSurvey(sql, projectId, id);
      return survey ? handle(request, survey) : jsonError(404, surveyNotFoundMessage);
    });
  return [
    adminRoute(
      guard,
      "GET",
      "/api/projects/:projectId/surveys/:id/results",
      ofSurvey(async (_request, survey) =>
        json(aggregateSurvey(survey.id, survey.questions, await listSurveyAnswers(sql, survey.id))),
      ),
    ),
    adminRoute(
      guard,
      "GET",
      "/api/projects/:projectId/surveys/:id/responses",
      ofSurvey(async (request, survey) =>
        answerListPage(request, {
          sortable: surveyResponseSortColumns,
          defaultSort: "-createdAt",
          list: (query) => listSurveyResponses(sql, survey.id, query),
        }),
      ),
    ),
  ];
}
