import { VerifyEmailRequest } from "../../../../shared/auth-api.ts";
import { findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readBody } from "../../platform-request.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { checkCode } from "./code-rate-limits.ts";

/** `POST /api/auth/verify-email` `{email, code}`: the mailed code verifies the account's address. */
export function handleEmailVerification(
  deps: Pick<AccountRoutesDeps, "sql" | "limits" | "limiter">,
): ApiHandler {
  const { sql } = deps;
  return async (request) => {
    const body = await readBody(request, VerifyEmailRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.emailVerified) return jsonError(409, "email already verified");
    const checked = await checkCode(deps, request, user?.id, "EMAIL_VERIFY", body.value.code);
    if (checked instanceof Response) return checked;
    if (!user || !checked) return jsonError(400, "invalid verification code", "code");
    await sql`UPDATE users SET email_verified = ${true} WHERE id = ${user.id}`;
    return json({ emailVerified: true });
  };
}
