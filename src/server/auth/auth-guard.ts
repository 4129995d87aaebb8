import type { SQL } from "bun";
import type { AccessTokenPayload } from "../../shared/auth-api.ts";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import { jsonError } from "../http/json-response.ts";
import type { AccessTokens } from "./access-tokens.ts";
import { type AuthSession, findAuthSession, sessionStands } from "./auth-sessions-repository.ts";
import { readStaffAccess, type StaffAccess } from "./staff-access.ts";
import { findUserById, type StoredUser } from "./users-repository.ts";

/** The one item a builder token may read and save. */
export interface BuilderScope {
  projectId: string;
  kind: BuilderKind;
  itemId: string;
}

export interface Authenticated {
  user: StoredUser;
  session: AuthSession;
  token: AccessTokenPayload;
  /** Set when the request came with a builder token (for this scope) instead of an access token. */
  builder?: BuilderScope;
  /** Set by `requireAdmin`: the staff member's role and the projects they see. */
  staff?: StaffAccess;
}

export const notAuthorizedMessage = "You are not authorized to use this dashboard.";
export const accountDisabledMessage = "account disabled, contact us";
export const builderScopeMessage = "This builder token is not for this item";
export const builderOnlyMessage =
  "A builder token only reads its own tour or tooltip and saves a draft of its steps; this needs the admin's own sign-in";

const invalidToken = () => jsonError(401, "The access token is invalid or has expired");

function bearerOf(request: Request): string | Response {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? jsonError(401, "Sign in first: the request has no bearer token");
}

const sameScope = (a: BuilderScope, b: BuilderScope) =>
  a.projectId === b.projectId && a.kind === b.kind && a.itemId === b.itemId;

/**
 * Checks a request's bearer access token against the database on every call: a revoked session or a
 * disabled account is refused at once, not only when the token expires. Its `sql` is there for the
 * route-level checks that look records up (what an agent may reach, agent-area.ts).
 */
export function createAuthGuard(sql: SQL, tokens: AccessTokens) {
  /** The sign-in session and account behind a token, still valid now. */
  async function signedIn(sub: string, sid: string): Promise<Omit<Authenticated, "token"> | Response> {
    const session = await findAuthSession(sql, sid);
    if (!session || !sessionStands(session, sub))
      return jsonError(401, "This session has ended, sign in again");
    const user = await findUserById(sql, sub);
    if (!user) return jsonError(401, "User was not found");
    if (!user.enabled) return jsonError(403, accountDisabledMessage);
    return { user, session };
  }

  async function authenticate(request: Request): Promise<Authenticated | Response> {
    const bearer = bearerOf(request);
    if (bearer instanceof Response) return bearer;
    const token = await tokens.verify(bearer);
    if (!token) return refusedBuilderToken(bearer);
    const found = await signedIn(token.sub, token.sid);
    return found instanceof Response ? found : { ...found, token };
  }

  /**
   * A token that is no access token: a builder token of a signed-in admin is told plainly what it may
   * not do (publishing, targeting, deleting are the admin's own), anything else is invalid.
   */
  async function refusedBuilderToken(bearer: string): Promise<Response> {
    const builder = await tokens.verifyBuilder(bearer);
    if (!builder) return invalidToken();
    const found = await signedIn(builder.sub, builder.sid);
    return found instanceof Response ? found : jsonError(403, builderOnlyMessage);
  }

  /**
   * An access token, or a builder token issued for exactly `scope`. The builder token's admin and
   * sign-in session are checked like an access token's, at every use.
   */
  async function authenticateForItem(
    request: Request,
    scope: BuilderScope,
  ): Promise<Authenticated | Response> {
    const bearer = bearerOf(request);
    if (bearer instanceof Response) return bearer;
    if (await tokens.verify(bearer)) return authenticate(request);
    const builder = await tokens.verifyBuilder(bearer);
    if (!builder) return invalidToken();
    if (!sameScope(builder, scope)) return jsonError(403, builderScopeMessage);
    const found = await signedIn(builder.sub, builder.sid);
    if (found instanceof Response) return found;
    const token = {
      sub: builder.sub,
      sid: builder.sid,
      admin: found.user.role === "ADMIN",
      email_verified: found.user.emailVerified,
    };
    return { ...found, token, builder: scope };
  }

  return {
    sql,
    authenticate,
    /**
     * Every admin endpoint: a valid token of an enabled ADMIN with its staff role and projects (`staff`),
     * checked on the server. With `builder` (only reading and saving one tour or tooltip), a builder
     * token for exactly that item is taken too.
     */
    async requireAdmin(request: Request, builder?: BuilderScope): Promise<Authenticated | Response> {
      const result = builder ? await authenticateForItem(request, builder) : await authenticate(request);
      if (result instanceof Response) return result;
      if (result.user.role !== "ADMIN" || !result.user.staffRole) return jsonError(403, notAuthorizedMessage);
      return { ...result, staff: await readStaffAccess(sql, result.user.id, result.user.staffRole) };
    },
    /** A builder token for `scope` on behalf of a signed-in admin (tied to the admin's session). */
    issueBuilderToken(
      admin: Authenticated,
      scope: BuilderScope,
    ): Promise<{ token: string; expiresAt: string }> {
      return tokens.signBuilder({ sub: admin.user.id, sid: admin.session.id, ...scope });
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
