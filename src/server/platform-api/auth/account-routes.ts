import type { ApiRoute } from "../../http/api-route.ts";
import { handleEmailVerification } from "./account-handlers/email-verification.ts";
import { handlePasswordResetConfirmation } from "./account-handlers/password-reset-confirmation.ts";
import { handlePasswordResetRequest } from "./account-handlers/password-reset-request.ts";
import { handleRegistration } from "./account-handlers/registration.ts";
import { handleVerificationResend } from "./account-handlers/verification-resend.ts";
import type { AccountRoutesDeps } from "./account-routes-deps.ts";

export type { AccountRoutesDeps } from "./account-routes-deps.ts";

/**
 * The wider platform's accounts: registration (may be switched off), e-mail verification and password
 * reset by 6-digit codes sent by mail (the outbox); each handler in account-handlers/. Answers never
 * tell whether an address is registered except where the spec's own message does ("A user with this
 * email already exists").
 */
export function accountRoutes(deps: AccountRoutesDeps): ApiRoute[] {
  return [
    { method: "POST", pattern: "/api/auth/register", handler: handleRegistration(deps) },
    { method: "POST", pattern: "/api/auth/verify-email", handler: handleEmailVerification(deps) },
    { method: "POST", pattern: "/api/auth/verify-email/resend", handler: handleVerificationResend(deps) },
    { method: "POST", pattern: "/api/auth/password-reset", handler: handlePasswordResetRequest(deps) },
    {
      method: "POST",
      pattern: "/api/auth/password-reset/confirm",
      handler: handlePasswordResetConfirmation(deps),
    },
  ];
}
