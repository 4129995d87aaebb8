import type { SQL } from "bun";
import { VerifyEmailRequest } from "../../../../shared/auth-api.ts";
import { findUserByLogin, type StoredUser } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { bodyHandler } from "../../../http/body-handler.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { type CodeRouteDeps, checkCode } from "./code-rate-limits.ts";

/** The account `email` names (null for none), or a 409 when its address is verified already. */
export async function accountToVerify(sql: SQL, email: string): Promise<StoredUser | null | Response> {
  const user = await findUserByLogin(sql, email);
  return user?.emailVerified ? jsonError(409, "email already verified") : user;
}

/** `POST /api/auth/verify-email` `{email, code}`: the mailed code verifies the account's address. */
export function handleEmailVerification(deps: CodeRouteDeps): ApiHandler {
  const { sql } = deps;
  return bodyHandler(VerifyEmailRequest, async ({ email, code }, request) => {
    const user = await accountToVerify(sql, email);
    if (user instanceof Response) return user;
    const checked = await checkCode(deps, request, user?.id, "EMAIL_VERIFY", code);
    if (checked instanceof Response) return checked;
    if (!user || !checked) return jsonError(400, "invalid verification code", "code");
    await sql`UPDATE users SET email_verified = ${true} WHERE id = ${user.id}`;
    return json({ emailVerified: true });
  });
}
