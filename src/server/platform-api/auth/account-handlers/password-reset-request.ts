import { PasswordResetRequest } from "../../../../shared/auth-api.ts";
import { findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { bodyHandler } from "../../../http/body-handler.ts";
import { answerCodeMail } from "./code-mail.ts";
import { type CodeRouteDeps, codeMailRefusal } from "./code-rate-limits.ts";

/** `POST /api/auth/password-reset` `{email}`: a password reset code by mail, valid one hour. */
export function handlePasswordResetRequest(deps: CodeRouteDeps): ApiHandler {
  return bodyHandler(PasswordResetRequest, async ({ email }, request) => {
    const refused = await codeMailRefusal(deps, request, email);
    if (refused) return refused;
    const user = await findUserByLogin(deps.sql, email);
    return answerCodeMail(deps.sql, user, "PASSWORD_RESET", {
      subject: "Reset your password",
      text: (code) => `Your password reset code is ${code}. It is valid for one hour.\n`,
    });
  });
}
