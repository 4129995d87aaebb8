import type { LoginResult } from "../../../shared/auth-api.ts";
import type { AccessTokens } from "../../auth/access-tokens.ts";
import { type StoredUser, toPublicUser } from "../../auth/users-repository.ts";

/** A sign-in's answer (login and refresh alike): the user, the session and a fresh token pair. */
export async function loginResult(
  tokens: AccessTokens,
  user: StoredUser,
  session: { id: string; expiresAt: string },
  refreshToken: string,
): Promise<LoginResult> {
  return {
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
}
