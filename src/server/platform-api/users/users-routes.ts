import type { SQL } from "bun";
import {
  type BanKind,
  BulkUserRequest,
  banKinds,
  CoinsRequest,
  SetBanRequest,
  UpdateUserRequest,
  type UserListFilters,
  userErrors,
} from "../../../shared/users-api.ts";
import {
  type AccountChange,
  changeAccount,
  changeAccounts,
  changeBalance,
  deleteAccount,
  findUserDetail,
  isRefusal,
  liftBan,
  listUsers,
  type Refusal,
  setBan,
  uniqueConflict,
  userSortColumns,
} from "../../domain/users/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

const refusal = (result: Refusal) => jsonError(result.status, result.error, result.field);

const flag = (value: string) => (value === "true" ? true : value === "false" ? false : null);

/** The list's filters from its query string, or a 400 naming the parameter. */
function readFilters(params: URLSearchParams): UserListFilters | Response {
  const filters: UserListFilters = {};
  const role = params.get("role")?.trim().toUpperCase();
  if (role) {
    if (role !== "ADMIN" && role !== "USER") return jsonError(400, "role must be ADMIN or USER", "role");
    filters.role = role;
  }
  const status = params.get("status")?.trim().toLowerCase();
  if (status) {
    if (status !== "enabled" && status !== "banned")
      return jsonError(400, "status must be enabled or banned", "status");
    filters.status = status;
  }
  for (const name of ["emailVerified", "mfa"] as const) {
    const value = params.get(name)?.trim().toLowerCase();
    if (!value) continue;
    const parsed = flag(value);
    if (parsed === null) return jsonError(400, `${name} must be true or false`, name);
    filters[name] = parsed;
  }
  return filters;
}

/** The admin's user management (spec §2 Users and Manage User); every route is admin-only. */
export function usersRoutes({ sql, reads, guard, staffAccessChanged }: PlatformDeps): ApiRoute[] {
  async function detailOr404(id: string): Promise<Response> {
    const user = await findUserDetail(sql, id);
    return user ? json(user) : jsonError(404, userErrors.notFound);
  }

  /** One account change in its own transaction; a unique index losing a race reads as the conflict. */
  async function changeOne(
    actorId: string,
    id: string,
    change: AccountChange,
    options: Parameters<typeof changeAccount>[4],
  ): Promise<Response> {
    try {
      const result = await sql.begin((tx: SQL) => changeAccount(tx, actorId, id, change, options));
      if (result.refused) return refusal(result);
      // A ban or a role change ends the account's staff sockets too, not only its HTTP calls.
      if (result.changes.enabled || result.changes.role) staffAccessChanged?.(id);
    } catch (error) {
      const conflict = uniqueConflict(error);
      if (conflict) return refusal(conflict);
      throw error;
    }
    return detailOr404(id);
  }

  const routes: ApiRoute[] = [
    adminRoute(guard, "GET", "/api/users", async (request) => {
      return answerListPage(request, {
        sortable: userSortColumns,
        defaultSort: "-createdAt",
        readFilters,
        list: (query, filters) => listUsers(reads, query, filters),
      });
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

    adminRoute(guard, "GET", "/api/users/:id", (_request, params) => detailOr404(params.id ?? "")),

    adminRoute(guard, "PATCH", "/api/users/:id", async (request, params, admin) => {
      const body = await readBody(request, UpdateUserRequest);
      if (!body.ok) return body.response;
      return changeOne(admin.user.id, params.id ?? "", body.value, { auditAction: "user.update" });
    }),

    adminRoute(guard, "DELETE", "/api/users/:id", async (_request, params, admin) => {
      const result = await deleteAccount(sql, admin.user.id, params.id ?? "");
      if (result) return refusal(result);
      staffAccessChanged?.(params.id ?? "");
      return new Response(null, { status: 204 });
    }),

    adminRoute(guard, "POST", "/api/users/:id/ban", (_request, params, admin) =>
      changeOne(
        admin.user.id,
        params.id ?? "",
        { enabled: false },
        { auditAction: "user.ban", refuseOwnAccount: true },
      ),
    ),

    adminRoute(guard, "POST", "/api/users/:id/enable", (_request, params, admin) =>
      changeOne(
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
  ];

  for (const kind of Object.keys(banKinds) as BanKind[]) {
    const action = banKinds[kind];
    const path = `/api/users/:id/bans/${kind}`;
    routes.push(
      adminRoute(guard, "PUT", path, async (request, params, admin) => {
        const body = await readBody(request, SetBanRequest);
        if (!body.ok) return body.response;
        const result = await setBan(sql, admin.user.id, params.id ?? "", {
          action,
          reason: body.value.reason ?? "",
          days: body.value.days ?? null,
        });
        return isRefusal(result) ? refusal(result) : json(result);
      }),
      adminRoute(guard, "DELETE", path, async (_request, params, admin) => {
        const result = await liftBan(sql, admin.user.id, params.id ?? "", action);
        return result ? refusal(result) : new Response(null, { status: 204 });
      }),
    );
  }
  return routes;
}
