import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { SQL } from "bun";
import {
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RegisterRequest,
  ResendVerificationRequest,
  VerifyEmailRequest,
} from "../../../shared/auth-api.ts";
import type { AuthLimits } from "../../auth/auth-limits.ts";
import { revokeUserSessions } from "../../auth/auth-sessions-repository.ts";
import type { Captcha } from "../../auth/captcha.ts";
import type { PasswordHashing } from "../../auth/password-hashing.ts";
import { createUser, findUserByLogin } from "../../auth/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { clientIpHeader } from "../../http/client-ip-header.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { queueMail } from "../../mail/mail-outbox.ts";
import type { StaffAccessChanged } from "../../realtime/staff-socket.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";
import { readBody } from "../platform-request.ts";

export interface AccountRoutesDeps {
  sql: SQL;
  passwords: PasswordHashing;
  captcha: Captcha;
  registrationEnabled: boolean;
  limits: AuthLimits;
  limiter: SharedRateLimiter;
  /** Told when a password reset ends the user's sign-ins, so their staff sockets close with them. */
  staffAccessChanged?: StaffAccessChanged;
}

type Purpose = "EMAIL_VERIFY" | "PASSWORD_RESET";

/** A verification code lives a day; a password reset code one hour (PLATFORM-DOMAIN.md). */
const lifetimeMs: Record<Purpose, number> = { EMAIL_VERIFY: 24 * 3_600_000, PASSWORD_RESET: 3_600_000 };

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
async function issueCode(sql: SQL, userId: string, purpose: Purpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = new Date();
  await sql.begin(async (tx) => {
    await tx`UPDATE verification_codes SET used_at = ${now.toISOString()}
      WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`;
    await tx`INSERT INTO verification_codes (id, user_id, purpose, code_hash, expires_at, created_at)
      VALUES (${Bun.randomUUIDv7()}, ${userId}, ${purpose}, ${hashCode(code)},
        ${new Date(now.getTime() + lifetimeMs[purpose]).toISOString()}, ${now.toISOString()})`;
  });
  return code;
}

/**
 * Uses up a matching, live code; false when there is none. Each check first claims one of the code's
 * tries in a single atomic update, so a code dies after `maxAttempts` checks however many requests
 * race for it, in this process or another.
 */
async function consumeCode(
  sql: SQL,
  userId: string,
  purpose: Purpose,
  code: string,
  maxAttempts: number,
): Promise<boolean> {
  const now = new Date().toISOString();
  const claimed = await sql`UPDATE verification_codes SET attempts = attempts + 1
    WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL
      AND attempts < ${maxAttempts} AND expires_at > ${now}
    RETURNING id, code_hash`;
  const wanted = Buffer.from(hashCode(code));
  const match = (claimed as Array<{ id: string; code_hash: string }>).find((row) => {
    const stored = Buffer.from(row.code_hash);
    return stored.length === wanted.length && timingSafeEqual(stored, wanted);
  });
  if (!match) return false;
  const used = await sql`UPDATE verification_codes SET used_at = ${now}
    WHERE id = ${match.id} AND used_at IS NULL RETURNING id`;
  return used.length === 1;
}

/**
 * The wider platform's accounts: registration (may be switched off), e-mail verification and password
 * reset by 6-digit codes sent by mail (the outbox). Answers never tell whether an address is registered
 * except where the spec's own message does ("A user with this email already exists").
 */
export function accountRoutes({
  sql,
  passwords,
  captcha,
  registrationEnabled,
  limits,
  limiter,
  staffAccessChanged,
}: AccountRoutesDeps): ApiRoute[] {
  const tooMany = (error: string, retryAfterSeconds: number) =>
    jsonError(429, error, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });
  const clientIp = (request: Request) => request.headers.get(clientIpHeader) ?? "unknown";

  /** A 429 when the address or the caller has asked for too many code mails, else null. */
  async function mailRefusal(request: Request, address: string): Promise<Response | null> {
    for (const [key, limit] of [
      [`code-mail-ip:${clientIp(request)}`, limits.codeMailsPerIp],
      [`code-mail-address:${address.trim().toLowerCase()}`, limits.codeMailsPerAddress],
    ] as const) {
      const decision = await limiter.take(key, limit);
      if (!decision.allowed)
        return tooMany("Too many code requests, try again later", decision.retryAfterSeconds);
    }
    return null;
  }

  /**
   * Checks a code under the caller's failure window: the hit is taken first, so parallel guesses
   * count, and given back when the code was right.
   */
  async function checkCode(
    request: Request,
    userId: string | undefined,
    purpose: Purpose,
    code: string,
  ): Promise<boolean | Response> {
    const key = `code-check-ip:${clientIp(request)}`;
    const decision = await limiter.take(key, limits.codeFailuresPerIp);
    if (!decision.allowed)
      return tooMany("Too many wrong codes, try again later", decision.retryAfterSeconds);
    const ok =
      userId !== undefined && (await consumeCode(sql, userId, purpose, code, limits.attemptsPerCode));
    if (ok) await limiter.refund(key);
    return ok;
  }

  async function register(request: Request): Promise<Response> {
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
    const refused = await mailRefusal(request, email);
    if (refused) return refused;
    const user = await createUser(
      sql,
      { name: name.trim(), email: email.trim(), password, role: "USER" },
      passwords,
    );
    const code = await issueCode(sql, user.id, "EMAIL_VERIFY");
    await queueMail(sql, {
      to: email.trim().toLowerCase(),
      subject: "Verify your e-mail address",
      body: `Hello ${name.trim()},\n\nyour verification code is ${code}. It is valid for 24 hours.\n`,
    });
    return json({ id: user.id, name: user.name, email: user.email, emailVerified: false }, { status: 201 });
  }

  async function verifyEmail(request: Request): Promise<Response> {
    const body = await readBody(request, VerifyEmailRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.emailVerified) return jsonError(409, "email already verified");
    const checked = await checkCode(request, user?.id, "EMAIL_VERIFY", body.value.code);
    if (checked instanceof Response) return checked;
    if (!user || !checked) return jsonError(400, "invalid verification code", "code");
    await sql`UPDATE users SET email_verified = ${true} WHERE id = ${user.id}`;
    return json({ emailVerified: true });
  }

  async function resendVerification(request: Request): Promise<Response> {
    const body = await readBody(request, ResendVerificationRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.emailVerified) return jsonError(409, "email already verified");
    const refused = await mailRefusal(request, body.value.email);
    if (refused) return refused;
    if (user?.email) {
      const code = await issueCode(sql, user.id, "EMAIL_VERIFY");
      await queueMail(sql, {
        to: user.email,
        subject: "Verify your e-mail address",
        body: `Your verification code is ${code}.\n`,
      });
    }
    return new Response(null, { status: 202 });
  }

  async function requestReset(request: Request): Promise<Response> {
    const body = await readBody(request, PasswordResetRequest);
    if (!body.ok) return body.response;
    const refused = await mailRefusal(request, body.value.email);
    if (refused) return refused;
    const user = await findUserByLogin(sql, body.value.email);
    if (user?.email) {
      const code = await issueCode(sql, user.id, "PASSWORD_RESET");
      await queueMail(sql, {
        to: user.email,
        subject: "Reset your password",
        body: `Your password reset code is ${code}. It is valid for one hour.\n`,
      });
    }
    // Always the same answer, so the form cannot be used to find out who has an account.
    return new Response(null, { status: 202 });
  }

  async function confirmReset(request: Request): Promise<Response> {
    const body = await readBody(request, PasswordResetConfirmRequest);
    if (!body.ok) return body.response;
    const user = await findUserByLogin(sql, body.value.email);
    const checked = await checkCode(request, user?.id, "PASSWORD_RESET", body.value.code);
    if (checked instanceof Response) return checked;
    if (!user || !checked) return jsonError(400, "password reset failed", "code");
    const hash = await passwords.hash(body.value.password);
    await sql`UPDATE users SET password_hash = ${hash} WHERE id = ${user.id}`;
    // A new password ends every sign-in made with the old one.
    await revokeUserSessions(sql, user.id);
    staffAccessChanged?.(user.id);
    return json({ passwordReset: true });
  }

  return [
    { method: "POST", pattern: "/api/auth/register", handler: register },
    { method: "POST", pattern: "/api/auth/verify-email", handler: verifyEmail },
    { method: "POST", pattern: "/api/auth/verify-email/resend", handler: resendVerification },
    { method: "POST", pattern: "/api/auth/password-reset", handler: requestReset },
    { method: "POST", pattern: "/api/auth/password-reset/confirm", handler: confirmReset },
  ];
}
