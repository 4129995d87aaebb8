import { type BanKind, banKinds, SetBanRequest } from "../../../shared/users-api.ts";
import { isRefusal, liftBan, setBan } from "../../domain/users/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, readBody } from "../platform-request.ts";
import { refusal } from "./user-account-change.ts";

/** Per kind of ban (`/api/users/:id/bans/{kind}`): PUT sets it with a reason and days, DELETE lifts it. */
export function userTaskBanRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return (Object.keys(banKinds) as BanKind[]).flatMap((kind) => {
    const action = banKinds[kind];
    const path = `/api/users/:id/bans/${kind}`;
    return [
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
    ];
  });
}
