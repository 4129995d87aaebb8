import { ResendVerificationRequest } from "../../../../shared/auth-api.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { bodyHandler } from "../../../http/body-handler.ts";
import { answerCodeMail } from "./code-mail.ts";
import { type CodeRouteDeps, codeMailRefusal } from "./code-rate-limits.ts";
import { accountToVerify } from "./email-verification.ts";

/**
 * `POST /api/auth/verify-email/resend` `{email}`: a new verification code by mail (the earlier ones
 * stop working); a 202 whether or not the address has an account.
 */
export function handleVerificationResend(deps: CodeRouteDeps): ApiHandler {
  return bodyHandler(ResendVerificationRequest, async ({ email }, request) => {
    const user = await accountToVerify(deps.sql, email);
    if (user instanceof Response) return user;
    const refused = await codeMailRefusal(deps, request, email);
    if (refused) return refused;
    return answerCodeMail(deps.sql, user, "EMAIL_VERIFY", {
      subject: "Verify your e-mail address",
      text: (code) => `Your verification code is ${code}.\n`,
    });
  });
}
