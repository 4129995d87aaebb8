import { RefreshRequest } from "../../../shared/auth-api.ts";
import { accountDisabledMessage } from "../../auth/auth-guard.ts";
import { revokeAuthSession, rotateRefreshToken } from "../../auth/auth-sessions-repository.ts";
import { findUserById, toPublicUser } from "../../auth/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readBody } from "../platform-request.ts";
import type { AuthRoutesDeps } from "./auth-routes-deps.ts";
import { loginResult } from "./login-result.ts";

/** A sign-in session after the login: refresh (reuse detection), logout and who am I. */
export function sessionRoutes({ sql, tokens, guard, staffAccessChanged }: AuthRoutesDeps): ApiRoute[] {
  async function refresh(request: Request): Promise<Response> {
    const body = await readBody(request, RefreshRequest);
    if (!body.ok) return body.response;
    const result = await rotateRefreshToken(sql, body.value.refresh_token);
    if (result.kind === "invalid") return jsonError(401, "Invalid refresh token");
    if (result.kind === "ended") return jsonError(401, "This session has ended, sign in again");
    if (result.kind === "reused") {
      // The ended session's owner is not known here: every staff socket is re-checked.
      staffAccessChanged?.(null);
      return jsonError(401, "This refresh token was already used; the session was ended");
    }
    const user = await findUserById(sql, result.session.userId);
    if (!user) return jsonError(401, "User was not found");
    if (!user.enabled) {
      await revokeAuthSession(sql, result.session.id);
      staffAccessChanged?.(user.id);
      return jsonError(403, accountDisabledMessage);
    }
    return json(await loginResult(tokens, user, result.session, result.refreshToken));
  }

  async function logout(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    await revokeAuthSession(sql, auth.session.id);
    staffAccessChanged?.(auth.user.id);
    return new Response(null, { status: 204 });
  }

  async function me(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    return json({
      user: toPublicUser(auth.user),
      session: { id: auth.session.id, expiresAt: auth.session.expiresAt },
    });
  }

  return [
    { method: "POST", pattern: "/api/auth/refresh", handler: refresh },
    { method: "POST", pattern: "/api/auth/logout", handler: logout },
    { method: "GET", pattern: "/api/auth/me", handler: me },
  ];
}
