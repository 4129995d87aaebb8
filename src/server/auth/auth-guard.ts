import type { SQL } from "bun";
import type { AccessTokenPayload } from "../../shared/auth-schemas.ts";
import { jsonError } from "../http/json-response.ts";
import type { AccessTokens } from "./access-tokens.ts";
import { type AuthSession, findAuthSession } from "./auth-sessions-repository.ts";
import { findUserById, type StoredUser } from "./users-repository.ts";

export interface Authenticated {
  user: StoredUser;
  session: AuthSession;
  token: AccessTokenPayload;
}

export const notAuthorizedMessage = "You are not authorized to use this dashboard.";
export const accountDisabledMessage = "account disabled, contact us";

/**
 * Checks a request's bearer access token against the database on every call: a revoked session or a
 * disabled account is refused at once, not only when the token expires.
 */
export function createAuthGuard(sql: SQL, tokens: AccessTokens) {
  async function authenticate(request: Request): Promise<Authenticated | Response> {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return jsonError(401, "Sign in first: the request has no bearer token");
    const token = await tokens.verify(match[1]);
    if (!token) return jsonError(401, "The access token is invalid or has expired");
    const session = await findAuthSession(sql, token.sid);
    if (
      !session ||
      session.revokedAt !== null ||
      session.userId !== token.sub ||
      Date.parse(session.expiresAt) <= Date.now()
    ) {
      return jsonError(401, "This session has ended, sign in again");
    }
    const user = await findUserById(sql, token.sub);
    if (!user) return jsonError(401, "User was not found");
    if (!user.enabled) return jsonError(403, accountDisabledMessage);
    return { user, session, token };
  }

  return {
    authenticate,
    /** Every admin endpoint: a valid token of an enabled ADMIN, checked on the server. */
    async requireAdmin(request: Request): Promise<Authenticated | Response> {
      const result = await authenticate(request);
      if (result instanceof Response) return result;
      if (result.user.role !== "ADMIN") return jsonError(403, notAuthorizedMessage);
      return result;
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
