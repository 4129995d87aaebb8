import { ResendVerificationRequest } from "../../../../shared/auth-api.ts";
import { findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { jsonError } from "../../../http/json-response.ts";
import { readBody } from "../../platform-request.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { mailNewCode } from "./code-mail.ts";
import { codeMailRefusal } from "./code-rate-limits.ts";

/**
 * `POST /api/auth/verify-email/resend` `{email}`: a new verification code by mail (the earlier ones
 * stop working); a 202 whether or not the address has an account.
 */
export function handleVerificationResend(
  deps: Pick<AccountRoutesDeps, "sql" | "limits" | "limiter">,
): ApiHandler {
  const { sql } = deps;
  return async (request) => {
    const body = await readBody(request, ResendVerificationRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.emailVerified) return jsonError(409, "email already verified");
    const refused = await codeMailRefusal(deps, request, body.value.email);
    if (refused) return refused;
    if (user?.email)
      await mailNewCode(sql, { userId: user.id, to: user.email }, "EMAIL_VERIFY", {
        subject: "Verify your e-mail address",
        text: (code) => `Your verification code is ${code}.\n`,
      });
    return new Response(null, { status: 202 });
  };
}
