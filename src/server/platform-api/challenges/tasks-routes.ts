import {
  type CodingChallengeTask,
  type MultipleChoiceTask,
  type TaskDetail,
  TaskRequest,
  taskKinds,
} from "../../../shared/challenges-api.ts";
import {
  deleteTask,
  findTask,
  insertTask,
  listTasks,
  type TaskFilters,
  taskSortColumns,
  updateTask,
} from "../../domain/challenges/tasks-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { readBooleanFilter, readEnumFilter } from "./list-filters.ts";

// The spec's error catalogue (§8) names these.
export const taskNotFound = "Subtask Not Found";
export const multipleChoiceNotFound = "MCQ Not Found";
export const codingChallengeNotFound = "Coding Challenge Not Found";

function readTaskFilters(params: URLSearchParams): TaskFilters | Response {
  const kind = readEnumFilter(params, "kind", taskKinds);
  if (kind instanceof Response) return kind;
  const enabled = readBooleanFilter(params, "enabled");
  if (enabled instanceof Response) return enabled;
  return {
    challengeId: params.get("challengeId")?.trim() || undefined,
    creatorId: params.get("creatorId")?.trim() || undefined,
    kind,
    enabled,
  };
}

/** The task fields with the kind's content beside them, as the report screen reads them. */
function flatten({ content, ...fields }: TaskDetail) {
  return { ...fields, ...content };
}

/** Tasks (a challenge's subtasks) of four kinds, with the kind-specific reads of the report screen. */
export function tasksRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    ...adminReadRoutes(guard, "/api/tasks", {
      sortable: taskSortColumns,
      defaultSort: "-createdAt",
      readFilters: readTaskFilters,
      list: (query, filters) => listTasks(sql, query, filters),
      find: (id) => findTask(sql, id),
      notFound: taskNotFound,
    }),
    adminRoute(guard, "GET", "/api/tasks/:id/multiple-choice", async (_request, params) => {
      const task = await findTask(sql, params.id ?? "");
      if (task?.kind !== "MULTIPLE_CHOICE") return jsonError(404, multipleChoiceNotFound);
      return json(flatten(task) as MultipleChoiceTask);
    }),
    adminRoute(guard, "GET", "/api/tasks/:id/coding-challenge", async (_request, params) => {
      const task = await findTask(sql, params.id ?? "");
      if (task?.kind !== "CODING") return jsonError(404, codingChallengeNotFound);
      return json(flatten(task) as CodingChallengeTask);
    }),
    adminRoute(guard, "POST", "/api/challenges/:id/tasks", async (request, params, admin) => {
      const body = await readBody(request, TaskRequest);
      if (!body.ok) return body.response;
      const created = await insertTask(sql, admin.user.id, params.id ?? "", body.value);
      if (!created) return jsonError(404, "Challenge not found");
      return json(await findTask(sql, created.id), { status: 201 });
    }),
    adminRoute(guard, "PUT", "/api/tasks/:id", async (request, params, admin) => {
      const body = await readBody(request, TaskRequest);
      if (!body.ok) return body.response;
      const id = params.id ?? "";
      if (!(await updateTask(sql, admin.user.id, id, body.value))) return jsonError(404, taskNotFound);
      return json(await findTask(sql, id));
    }),
    adminRoute(guard, "DELETE", "/api/tasks/:id", async (_request, params, admin) => {
      if (!(await deleteTask(sql, admin.user.id, params.id ?? ""))) return jsonError(404, taskNotFound);
      return new Response(null, { status: 204 });
    }),
  ];
}
