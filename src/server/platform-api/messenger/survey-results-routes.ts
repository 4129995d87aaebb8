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
import { unknownProject } from "./projects-routes.ts";

/**
 * `GET /api/projects/{projectId}/surveys/{id}/results`: counts, NPS, ratings and texts per question;
 * `…/responses`: the answers one respondent at a time (a list page, newest first).
 */
export function surveyResultsRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/projects/:projectId/surveys/:id/results", async (_request, params) => {
      const projectId = params.projectId ?? "";
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const survey = await findSurvey(sql, projectId, params.id ?? "");
      if (!survey) return jsonError(404, surveyNotFoundMessage);
      return json(aggregateSurvey(survey.id, survey.questions, await listSurveyAnswers(sql, survey.id)));
    }),
    adminRoute(guard, "GET", "/api/projects/:projectId/surveys/:id/responses", async (request, params) => {
      const projectId = params.projectId ?? "";
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const survey = await findSurvey(sql, projectId, params.id ?? "");
      if (!survey) return jsonError(404, surveyNotFoundMessage);
      return answerListPage(request, {
        sortable: surveyResponseSortColumns,
        defaultSort: "-createdAt",
        list: (query) => listSurveyResponses(sql, survey.id, query),
      });
    }),
  ];
}
