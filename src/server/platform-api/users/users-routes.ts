import { BulkUserRequest, CoinsRequest, UpdateUserRequest } from "../../../shared/users-api.ts";
import {
  changeAccounts,
  changeBalance,
  deleteAccount,
  isRefusal,
  listUsers,
  userSortColumns,
} from "../../domain/users/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminListRoute } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, readBody } from "../platform-request.ts";
import { changeOneAccount, refusal, userDetailOr404 } from "./user-account-change.ts";
import { readUserListFilters } from "./user-list-filters.ts";
import { userTaskBanRoutes } from "./user-task-ban-routes.ts";

/**
 * The admin's user management (spec §2 Users and Manage User); every route is admin-only. Account
 * changes answer the user's detail (user-account-change.ts); the task bans are user-task-ban-routes.ts.
 */
export function usersRoutes(deps: PlatformDeps): ApiRoute[] {
  const { sql, reads, guard, staffAccessChanged } = deps;
  return [
    adminListRoute(guard, "/api/users", {
      sortable: userSortColumns,
      defaultSort: "-createdAt",
      readFilters: readUserListFilters,
      list: (query, filters) => listUsers(reads, query, filters),
    }),

    adminRoute(guard, "POST", "/api/users/bulk", async (request, _params, admin) => {
      const body = await readBody(request, BulkUserRequest);
      if (!body.ok) return body.response;
      const { ids, action } = body.value;
      const result = await changeAccounts(sql, admin.user.id, ids, action === "enable");
      // One re-check of every staff socket rather than a signal per banned account.
      if (action !== "enable" && result.updated > 0) staffAccessChanged?.(null);
      return json(result);
    }),

    adminRoute(guard, "GET", "/api/users/:id", (_request, params) => userDetailOr404(sql, params.id ?? "")),

    adminRoute(guard, "PATCH", "/api/users/:id", async (request, params, admin) => {
      const body = await readBody(request, UpdateUserRequest);
      if (!body.ok) return body.response;
      return changeOneAccount(deps, admin.user.id, params.id ?? "", body.value, {
        auditAction: "user.update",
      });
    }),

    adminRoute(guard, "DELETE", "/api/users/:id", async (_request, params, admin) => {
      const result = await deleteAccount(sql, admin.user.id, params.id ?? "");
      if (result) return refusal(result);
      staffAccessChanged?.(params.id ?? "");
      return new Response(null, { status: 204 });
    }),

    adminRoute(guard, "POST", "/api/users/:id/ban", (_request, params, admin) =>
      changeOneAccount(
        deps,
        admin.user.id,
        params.id ?? "",
        { enabled: false },
        { auditAction: "user.ban", refuseOwnAccount: true },
      ),
    ),

    adminRoute(guard, "POST", "/api/users/:id/enable", (_request, params, admin) =>
      changeOneAccount(
        deps,
        admin.user.id,
        params.id ?? "",
        { enabled: true },
        { auditAction: "user.enable", refuseOwnAccount: true },
      ),
    ),

    adminRoute(guard, "POST", "/api/users/:id/coins", async (request, params, admin) => {
      const body = await readBody(request, CoinsRequest);
      if (!body.ok) return body.response;
      const { amount, description } = body.value;
      const result = await changeBalance(sql, admin.user.id, params.id ?? "", amount, description);
      return isRefusal(result) ? refusal(result) : json(result);
    }),
    ...userTaskBanRoutes(deps),
  ];
}
