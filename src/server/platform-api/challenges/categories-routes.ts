import { ChallengeCategoryRequest } from "../../../shared/challenges-api.ts";
import {
  categorySortColumns,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from "../../domain/challenges/categories-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

export const categoryNotFound = "Challenge category not found";

/** Challenge categories: list, read, create, edit, delete (its challenges stay, uncategorised). */
export function categoriesRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    ...adminReadRoutes(guard, "/api/challenge-categories", {
      sortable: categorySortColumns,
      defaultSort: "title",
      list: (query) => listCategories(sql, query),
      find: (id) => findCategory(sql, id),
      notFound: categoryNotFound,
    }),
    adminRoute(guard, "POST", "/api/challenge-categories", async (request, _params, admin) => {
      const body = await readBody(request, ChallengeCategoryRequest);
      if (!body.ok) return body.response;
      const category = await insertCategory(sql, admin.user.id, body.value);
      return json(category, { status: 201 });
    }),
    adminRoute(guard, "PUT", "/api/challenge-categories/:id", async (request, params, admin) => {
      const body = await readBody(request, ChallengeCategoryRequest);
      if (!body.ok) return body.response;
      const id = params.id ?? "";
      if (!(await updateCategory(sql, admin.user.id, id, body.value)))
        return jsonError(404, categoryNotFound);
      return json(await findCategory(sql, id));
    }),
    adminRoute(guard, "DELETE", "/api/challenge-categories/:id", async (_request, params, admin) => {
      if (!(await deleteCategory(sql, admin.user.id, params.id ?? "")))
        return jsonError(404, categoryNotFound);
      return new Response(null, { status: 204 });
    }),
  ];
}
