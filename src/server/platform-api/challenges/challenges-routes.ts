import {
  ChallengeRequest,
  challengeDifficulties,
  challengeStatuses,
} from "../../../shared/challenges-api.ts";
import {
  type ChallengeFilters,
  challengeSortColumns,
  deleteChallenge,
  findChallenge,
  insertChallenge,
  listChallenges,
  updateChallenge,
} from "../../domain/challenges/challenges-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { categoriesRoutes } from "./categories-routes.ts";
import { readEnumFilter } from "./list-filters.ts";
import { tasksRoutes } from "./tasks-routes.ts";

export const challengeNotFound = "Challenge not found";

/** Reads the challenge list's filters; `categoryId=none` selects the uncategorised challenges. */
function readChallengeFilters(params: URLSearchParams): ChallengeFilters | Response {
  const difficulty = readEnumFilter(params, "difficulty", challengeDifficulties);
  if (difficulty instanceof Response) return difficulty;
  const status = readEnumFilter(params, "status", challengeStatuses);
  if (status instanceof Response) return status;
  const category = params.get("categoryId")?.trim() || undefined;
  return { categoryId: category === "none" ? null : category, difficulty, status };
}

function challengeRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    ...adminReadRoutes(guard, "/api/challenges", {
      sortable: challengeSortColumns,
      defaultSort: "-createdAt",
      readFilters: readChallengeFilters,
      list: (query, filters) => listChallenges(sql, query, filters),
      find: (id) => findChallenge(sql, id),
      notFound: challengeNotFound,
    }),
    adminRoute(guard, "POST", "/api/challenges", async (request, _params, admin) => {
      const body = await readBody(request, ChallengeRequest);
      if (!body.ok) return body.response;
      const result = await insertChallenge(sql, admin.user.id, body.value);
      if ("error" in result) return jsonError(400, result.error, result.field);
      return json(await findChallenge(sql, result.id), { status: 201 });
    }),
    adminRoute(guard, "PUT", "/api/challenges/:id", async (request, params, admin) => {
      const body = await readBody(request, ChallengeRequest);
      if (!body.ok) return body.response;
      const result = await updateChallenge(sql, admin.user.id, params.id ?? "", body.value);
      if (result === null) return jsonError(404, challengeNotFound);
      if ("error" in result) return jsonError(400, result.error, result.field);
      return json(await findChallenge(sql, result.id));
    }),
    adminRoute(guard, "DELETE", "/api/challenges/:id", async (_request, params, admin) => {
      if (!(await deleteChallenge(sql, admin.user.id, params.id ?? "")))
        return jsonError(404, challengeNotFound);
      return new Response(null, { status: 204 });
    }),
  ];
}

/** Every challenge endpoint: categories, challenges and their tasks. */
export function challengesRoutes(deps: PlatformDeps): ApiRoute[] {
  return [...categoriesRoutes(deps), ...challengeRoutes(deps), ...tasksRoutes(deps)];
}
