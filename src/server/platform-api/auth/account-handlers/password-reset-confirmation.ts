import { PasswordResetConfirmRequest } from "../../../../shared/auth-api.ts";
import { revokeUserSessions } from "../../../auth/auth-sessions-repository.ts";
import { findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { bodyHandler } from "../../../http/body-handler.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { checkCode } from "./code-rate-limits.ts";

/**
 * `POST /api/auth/password-reset/confirm` `{email, code, password}`: the mailed code sets a new
 * password, which ends every sign-in made with the old one.
 */
export function handlePasswordResetConfirmation(
  deps: Pick<AccountRoutesDeps, "sql" | "passwords" | "limits" | "limiter" | "staffAccessChanged">,
): ApiHandler {
  const { sql, passwords, staffAccessChanged } = deps;
  return bodyHandler(PasswordResetConfirmRequest, async ({ email, code, password }, request) => {
    const user = await findUserByLogin(sql, email);
    const checked = await checkCode(deps, request, user?.id, "PASSWORD_RESET", code);
    if (checked instanceof Response) return checked;
    if (!user || !checked) return jsonError(400, "password reset failed", "code");
    const hash = await passwords.hash(password);
    await sql`UPDATE users SET password_hash = ${hash} WHERE id = ${user.id}`;
    // A new password ends every sign-in made with the old one.
    await revokeUserSessions(sql, user.id);
    staffAccessChanged?.(user.id);
    return json({ passwordReset: true });
  });
}
