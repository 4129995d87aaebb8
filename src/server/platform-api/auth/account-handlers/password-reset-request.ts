import { PasswordResetRequest } from "../../../../shared/auth-api.ts";
import { findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { readBody } from "../../platform-request.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { mailNewCode } from "./code-mail.ts";
import { codeMailRefusal } from "./code-rate-limits.ts";

/** `POST /api/auth/password-reset` `{email}`: a password reset code by mail, valid one hour. */
export function handlePasswordResetRequest(
  deps: Pick<AccountRoutesDeps, "sql" | "limits" | "limiter">,
): ApiHandler {
  const { sql } = deps;
  return async (request) => {
    const body = await readBody(request, PasswordResetRequest);
    if (!body.ok) return body.response;
    const refused = await codeMailRefusal(deps, request, body.value.email);
    if (refused) return refused;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.email)
      await mailNewCode(sql, { userId: user.id, to: user.email }, "PASSWORD_RESET", {
        subject: "Reset your password",
        text: (code) => `Your password reset code is ${code}. It is valid for one hour.\n`,
      });
    // Always the same answer, so the form cannot be used to find out who has an account.
    return new Response(null, { status: 202 });
  };
}
