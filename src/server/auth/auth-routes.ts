import type { SQL } from "bun";
import { LoginRequest, type LoginResult } from "../../shared/auth-schemas.ts";
import { json, jsonError } from "../http/json-response.ts";
import { readJsonBody } from "../http/read-json-body.ts";
import type { ApiRoute } from "../main-origin.ts";
import type { AccessTokens } from "./access-tokens.ts";
import { type AuthGuard, accountDisabledMessage } from "./auth-guard.ts";
import { createAuthSession } from "./auth-sessions-repository.ts";
import { findUserByLogin, toPublicUser } from "./users-repository.ts";

export interface AuthRoutesDeps {
  sql: SQL;
  tokens: AccessTokens;
  guard: AuthGuard;
}

// A hash to verify against when the login names nobody, so a wrong name costs as long as a wrong password.
const decoyHash = Bun.password.hash("decoy-password", { algorithm: "argon2id" });

export function authRoutes({ sql, tokens, guard }: AuthRoutesDeps): ApiRoute[] {
  async function login(request: Request): Promise<Response> {
    const body = await readJsonBody(request, LoginRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.login);
    const valid = await Bun.password.verify(body.value.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !valid) return jsonError(401, "Invalid credentials");
    if (!user.enabled) return jsonError(403, accountDisabledMessage);
    const { session, refreshToken } = await createAuthSession(sql, user.id);
    const result: LoginResult = {
      user: toPublicUser(user),
      session: { id: session.id, expiresAt: session.expiresAt },
      access_token: await tokens.sign({
        sub: user.id,
        sid: session.id,
        admin: user.role === "ADMIN",
        email_verified: user.emailVerified,
      }),
      refresh_token: refreshToken,
    };
    return json(result);
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
    { method: "POST", pattern: "/api/auth/login", handler: login },
    { method: "GET", pattern: "/api/auth/me", handler: me },
  ];
}
