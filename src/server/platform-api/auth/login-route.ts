import type { SQL } from "bun";
import { LoginRequest } from "../../../shared/auth-api.ts";
import { accountDisabledMessage } from "../../auth/auth-guard.ts";
import { loginAccountKey, slowdownMs } from "../../auth/auth-limits.ts";
import { createAuthSession } from "../../auth/auth-sessions-repository.ts";
import { loadTotp } from "../../auth/load-totp.ts";
import { recoveryCodeMatches } from "../../auth/recovery-codes.ts";
import { findUserByLogin, type StoredUser } from "../../auth/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { clientIpHeader } from "../../http/client-ip-header.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readBody } from "../platform-request.ts";
import type { AuthRoutesDeps } from "./auth-routes-deps.ts";
import { loginResult } from "./login-result.ts";

const tooMany = (retryAfterSeconds: number) =>
  jsonError(429, "Too many login attempts, try again later", undefined, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

async function hasPendingVerification(sql: SQL, userId: string): Promise<boolean> {
  const rows = await sql`SELECT id FROM verification_codes
    WHERE user_id = ${userId} AND purpose = ${"EMAIL_VERIFY"} AND used_at IS NULL LIMIT 1`;
  return rows.length > 0;
}

/**
 * The second step of a sign-in whose password was right, for an account with MFA: a code from the
 * authenticator app, or a recovery code (which signs in once and turns MFA off, so the user can enroll
 * a new device). Null when it passes, else the answer.
 */
async function secondStepRefusal(
  { sql, limits, limiter }: AuthRoutesDeps,
  user: StoredUser & { mfaSecret: string },
  code: string | undefined,
  recoveryCode: string | undefined,
): Promise<Response | null> {
  if (!code && !recoveryCode) {
    return json(
      { error: "Enter the 6-digit code from your authenticator app", field: "code", mfaRequired: true },
      { status: 401 },
    );
  }
  // Only someone with the password gets here; their wrong codes lock the second step.
  const codeKey = `login-code:${user.id}`;
  const byCode = await limiter.take(codeKey, limits.loginFailuresPerAccount);
  if (!byCode.allowed) return tooMany(byCode.retryAfterSeconds);
  if (recoveryCode) {
    if (!user.mfaRecoveryHash || !recoveryCodeMatches(recoveryCode, user.mfaRecoveryHash)) {
      return jsonError(401, "invalid code", "recoveryCode");
    }
    await sql`UPDATE users SET mfa_enabled = ${false}, mfa_secret = ${null}, mfa_recovery_hash = ${null}
      WHERE id = ${user.id}`;
  } else {
    const { verifyTotp } = await loadTotp();
    if (!verifyTotp(user.mfaSecret, code ?? "")) return jsonError(401, "invalid code", "code");
  }
  await limiter.clear(codeKey);
  return null;
}

/**
 * `POST /api/auth/login`. Check order of PLATFORM-DOMAIN.md: captcha, credentials, MFA code, disabled
 * account. Every attempt takes a hit from the address's and the account's failure windows before the
 * password is checked (so parallel guesses cannot slip past the limit); a successful sign-in gives its
 * hits back. An account past its failure limit is guarded, never locked (auth-limits.ts): its attempts
 * need a captcha issued for it and wait a growing delay, and then the right password signs in.
 */
export function loginRoute(deps: AuthRoutesDeps): ApiRoute {
  const { sql, passwords, tokens, captcha, limits, limiter, slowdownSleep = Bun.sleep } = deps;

  async function login(request: Request): Promise<Response> {
    const body = await readBody(request, LoginRequest);
    if (!body.ok) return body.response;
    const { login: name, password, code, recoveryCode, captchaToken } = body.value;
    // Set by the main origin from the connection (never the client's own header).
    const ipKey = `login-ip:${request.headers.get(clientIpHeader) ?? "unknown"}`;
    const byIp = await limiter.take(ipKey, limits.loginFailuresPerIp);
    if (!byIp.allowed) return tooMany(byIp.retryAfterSeconds);

    const user = await findUserByLogin(sql, name);
    const accountKey = loginAccountKey(user, name);
    const byAccount = await limiter.take(accountKey, limits.loginFailuresPerAccount);
    // Failures before this attempt past the limit: 0 and up means the account is guarded.
    const excess = byAccount.hits - 1 - limits.loginFailuresPerAccount.limit;
    const guarded = excess >= 0;
    if (!(await captcha.verify(captchaToken, "login", guarded ? accountKey : undefined))) {
      await limiter.refund(ipKey);
      await limiter.refund(accountKey);
      // Only ALTCHA binds a solution to an account; the other providers' tokens are asked for every time.
      if (guarded && captcha.provider === "altcha") {
        return json(
          { error: "Too many failed sign-ins: verify again", field: "captchaToken", captchaRequired: true },
          { status: 400 },
        );
      }
      return jsonError(400, "captcha failed", "captchaToken");
    }
    // Before the password is checked, right or wrong alike, so the wait tells nothing.
    if (guarded) await slowdownSleep(slowdownMs(limits.loginSlowdown, excess));

    if (user && user.passwordHash === "") return jsonError(400, "No login method");
    const valid = await passwords.verify(password, user?.passwordHash || (await passwords.decoyHash()));
    if (!user || !valid) return jsonError(401, "Invalid credentials");
    await limiter.refund(ipKey);
    await limiter.refund(accountKey);

    if (user.mfaEnabled && user.mfaSecret) {
      const refused = await secondStepRefusal(
        deps,
        { ...user, mfaSecret: user.mfaSecret },
        code,
        recoveryCode,
      );
      if (refused) return refused;
    }
    await limiter.clear(accountKey);
    if (!user.enabled) return jsonError(403, accountDisabledMessage);
    // Self-registered accounts sign in once their e-mail is verified; accounts made by an admin may at once.
    if (!user.emailVerified && (await hasPendingVerification(sql, user.id)))
      return jsonError(403, "verify your account");

    await sql`UPDATE users SET last_login_at = ${new Date().toISOString()} WHERE id = ${user.id}`;
    const { session, refreshToken } = await createAuthSession(sql, user.id);
    return json(await loginResult(tokens, user, session, refreshToken));
  }

  return { method: "POST", pattern: "/api/auth/login", handler: login };
}
