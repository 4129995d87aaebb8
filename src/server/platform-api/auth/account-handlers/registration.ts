import { RegisterRequest } from "../../../../shared/auth-api.ts";
import { createUser, findUserByLogin } from "../../../auth/users-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readBody } from "../../platform-request.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { mailNewCode } from "./code-mail.ts";
import { codeMailRefusal } from "./code-rate-limits.ts";

type RegistrationDeps = Pick<
  AccountRoutesDeps,
  "sql" | "passwords" | "captcha" | "registrationEnabled" | "limits" | "limiter"
>;

/**
 * `POST /api/auth/register` `{name, email, password, captchaToken}`: a new USER account, unverified
 * until the code mailed to it comes back; a 403 while registration is switched off.
 */
export function handleRegistration(deps: RegistrationDeps): ApiHandler {
  const { sql, passwords, captcha, registrationEnabled } = deps;
  return async (request) => {
    if (!registrationEnabled) return jsonError(403, "Registration is currently disabled");
    const body = await readBody(request, RegisterRequest);
    if (!body.ok) return body.response;
    const { name, email, password, captchaToken } = body.value;
    if (!(await captcha.verify(captchaToken, "register")))
      return jsonError(400, "captcha failed", "captchaToken");
    if (!/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(email.trim()))
      return jsonError(400, "This email is invalid", "email");
    if (await findUserByLogin(sql, email))
      return jsonError(409, "A user with this email already exists", "email");
    if (await findUserByLogin(sql, name))
      return jsonError(409, "A user with this name already exists", "name");
    const refused = await codeMailRefusal(deps, request, email);
    if (refused) return refused;
    const user = await createUser(
      sql,
      { name: name.trim(), email: email.trim(), password, role: "USER" },
      passwords,
    );
    await mailNewCode(sql, { userId: user.id, to: email.trim().toLowerCase() }, "EMAIL_VERIFY", {
      subject: "Verify your e-mail address",
      text: (code) =>
        `Hello ${name.trim()},\n\nyour verification code is ${code}. It is valid for 24 hours.\n`,
    });
    return json({ id: user.id, name: user.name, email: user.email, emailVerified: false }, { status: 201 });
  };
}
