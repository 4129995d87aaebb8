import { createHash, timingSafeEqual } from "node:crypto";
import type { SQL } from "bun";
import QRCode from "qrcode";
import {
  LoginRequest,
  type LoginResult,
  MfaCodeRequest,
  RefreshRequest,
} from "../../../shared/auth-schemas.ts";
import type { AccessTokens } from "../../auth/access-tokens.ts";
import { type AuthGuard, accountDisabledMessage } from "../../auth/auth-guard.ts";
import { type AuthLimits, slowdownMs } from "../../auth/auth-limits.ts";
import {
  createAuthSession,
  revokeAuthSession,
  rotateRefreshToken,
} from "../../auth/auth-sessions-repository.ts";
import type { Captcha } from "../../auth/captcha.ts";
import { newTotpSecret, totpUri, verifyTotp } from "../../auth/totp.ts";
import { findUserById, findUserByLogin, type StoredUser, toPublicUser } from "../../auth/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { clientIpHeader } from "../../http/client-ip-header.ts";
import { json, jsonError } from "../../http/json-response.ts";
import type { StaffAccessChanged } from "../../realtime/staff-socket.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";
import { readBody } from "../platform-request.ts";

export interface AuthRoutesDeps {
  sql: SQL;
  tokens: AccessTokens;
  guard: AuthGuard;
  captcha: Captcha;
  registrationEnabled: boolean;
  limits: AuthLimits;
  limiter: SharedRateLimiter;
  /** Told when a sign-in ends, so the user's staff sockets close with it. */
  staffAccessChanged?: StaffAccessChanged;
}

// A hash to verify against when the login names nobody, so a wrong name costs as long as a wrong password.
const decoyHash = Bun.password.hash("decoy-password", { algorithm: "argon2id" });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A recovery code a person can type: 4 groups of 4 letters and digits. */
function newRecoveryCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
  return chars.match(/.{4}/g)?.join("-") ?? chars;
}

const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

async function hasPendingVerification(sql: SQL, userId: string): Promise<boolean> {
  const rows = await sql`SELECT id FROM verification_codes
    WHERE user_id = ${userId} AND purpose = ${"EMAIL_VERIFY"} AND used_at IS NULL LIMIT 1`;
  return rows.length > 0;
}

/** Keyed on the account, so its nickname and its e-mail share one window; a typed name that names nobody has its own. */
function loginAccountKey(user: StoredUser | null, name: string): string {
  return user ? `login-account:${user.id}` : `login-name:${name.trim().toLowerCase()}`;
}

export function authRoutes({
  sql,
  tokens,
  guard,
  captcha,
  limits,
  limiter,
  staffAccessChanged,
}: AuthRoutesDeps): ApiRoute[] {
  const tooMany = (retryAfterSeconds: number) =>
    jsonError(429, "Too many login attempts, try again later", undefined, {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });

  async function issue(user: StoredUser): Promise<LoginResult> {
    const { session, refreshToken } = await createAuthSession(sql, user.id);
    return {
      user: toPublicUser(user),
      session: { id: session.id, expiresAt: session.expiresAt },
      access_token: await tokens.sign({
        sub: user.id,
        sid: session.id,
        admin: user.role === "ADMIN",
        email_verified: user.emailVerified,
      }),
      refresh_token: refreshToken,
    };
  }

  /**
   * Check order of PLATFORM-DOMAIN.md: captcha, credentials, MFA code, disabled account. Every
   * attempt takes a hit from the address's and the account's failure windows before the password is
   * checked (so parallel guesses cannot slip past the limit); a successful sign-in gives its hits back.
   * An account past its failure limit is guarded, never locked (auth-limits.ts): its attempts need a
   * captcha issued for it and wait a growing delay, and then the right password signs in.
   */
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
    if (guarded) await Bun.sleep(slowdownMs(limits.loginSlowdown, excess));

    if (user && user.passwordHash === "") return jsonError(400, "No login method");
    const valid = await Bun.password.verify(password, user?.passwordHash || (await decoyHash));
    if (!user || !valid) return jsonError(401, "Invalid credentials");
    await limiter.refund(ipKey);
    await limiter.refund(accountKey);

    if (user.mfaEnabled && user.mfaSecret) {
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
        // A recovery code signs in once and turns MFA off, so the user can enroll a new device.
        if (
          !user.mfaRecoveryHash ||
          !sameHash(sha256(normalizeRecovery(recoveryCode)), user.mfaRecoveryHash)
        ) {
          return jsonError(401, "invalid code", "recoveryCode");
        }
        await sql`UPDATE users SET mfa_enabled = ${false}, mfa_secret = ${null}, mfa_recovery_hash = ${null}
          WHERE id = ${user.id}`;
      } else if (!verifyTotp(user.mfaSecret, code ?? "")) {
        return jsonError(401, "invalid code", "code");
      }
      await limiter.clear(codeKey);
    }
    await limiter.clear(accountKey);
    if (!user.enabled) return jsonError(403, accountDisabledMessage);
    // Self-registered accounts sign in once their e-mail is verified; accounts made by an admin may at once.
    if (!user.emailVerified && (await hasPendingVerification(sql, user.id)))
      return jsonError(403, "verify your account");

    await sql`UPDATE users SET last_login_at = ${new Date().toISOString()} WHERE id = ${user.id}`;
    return json(await issue(user));
  }

  async function refresh(request: Request): Promise<Response> {
    const body = await readBody(request, RefreshRequest);
    if (!body.ok) return body.response;
    const result = await rotateRefreshToken(sql, body.value.refresh_token);
    if (result.kind === "invalid") return jsonError(401, "Invalid refresh token");
    if (result.kind === "ended") return jsonError(401, "This session has ended, sign in again");
    if (result.kind === "reused") {
      // The ended session's owner is not known here: every staff socket is re-checked.
      staffAccessChanged?.(null);
      return jsonError(401, "This refresh token was already used; the session was ended");
    }
    const user = await findUserById(sql, result.session.userId);
    if (!user) return jsonError(401, "User was not found");
    if (!user.enabled) {
      await revokeAuthSession(sql, result.session.id);
      staffAccessChanged?.(user.id);
      return jsonError(403, accountDisabledMessage);
    }
    const answer: LoginResult = {
      user: toPublicUser(user),
      session: { id: result.session.id, expiresAt: result.session.expiresAt },
      access_token: await tokens.sign({
        sub: user.id,
        sid: result.session.id,
        admin: user.role === "ADMIN",
        email_verified: user.emailVerified,
      }),
      refresh_token: result.refreshToken,
    };
    return json(answer);
  }

  async function logout(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    await revokeAuthSession(sql, auth.session.id);
    staffAccessChanged?.(auth.user.id);
    return new Response(null, { status: 204 });
  }

  async function me(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    return json({
      user: toPublicUser(auth.user),
      session: { id: auth.session.id, expiresAt: auth.session.expiresAt },
    });
  }

  /** Starts MFA enrolment: a new secret, shown as text and as a QR code, confirmed by a first code. */
  async function mfaEnroll(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    if (auth.user.mfaEnabled) return jsonError(409, "MFA is already enabled");
    const secret = newTotpSecret();
    await sql`UPDATE users SET mfa_secret = ${secret} WHERE id = ${auth.user.id}`;
    const otpauthUrl = totpUri(secret, auth.user.email ?? auth.user.name);
    return json({ secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) });
  }

  async function mfaConfirm(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, MfaCodeRequest);
    if (!body.ok) return body.response;
    if (auth.user.mfaEnabled) return jsonError(409, "MFA is already enabled");
    if (!auth.user.mfaSecret) return jsonError(409, "Start the enrolment first");
    if (!verifyTotp(auth.user.mfaSecret, body.value.code)) return jsonError(400, "invalid code", "code");
    const recoveryCode = newRecoveryCode();
    await sql`UPDATE users SET mfa_enabled = ${true}, mfa_recovery_hash = ${sha256(normalizeRecovery(recoveryCode))}
      WHERE id = ${auth.user.id}`;
    return json({ mfaEnabled: true, recoveryCode });
  }

  async function mfaDisable(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, MfaCodeRequest);
    if (!body.ok) return body.response;
    if (!auth.user.mfaEnabled || !auth.user.mfaSecret) return jsonError(409, "MFA is not enabled");
    if (!verifyTotp(auth.user.mfaSecret, body.value.code)) return jsonError(400, "invalid code", "code");
    await sql`UPDATE users SET mfa_enabled = ${false}, mfa_secret = ${null}, mfa_recovery_hash = ${null}
      WHERE id = ${auth.user.id}`;
    return json({ mfaEnabled: false });
  }

  /**
   * A challenge to solve; `?login=` names the account about to sign in, and a guarded account gets one
   * bound to it, twice as much work per failure past the limit (up to `maxAltchaLevel`).
   */
  async function captchaChallenge(request: Request): Promise<Response> {
    if (captcha.provider !== "altcha")
      return jsonError(404, `The ${captcha.provider} captcha has no challenge endpoint`);
    const name = new URL(request.url).searchParams.get("login")?.slice(0, 320) ?? "";
    let forAccount: { account: string; level: number } | undefined;
    if (name.trim() !== "") {
      const accountKey = loginAccountKey(await findUserByLogin(sql, name), name);
      const failures = await limiter.hits(accountKey);
      const excess = failures - limits.loginFailuresPerAccount.limit;
      if (excess >= 0) forAccount = { account: accountKey, level: 2 ** Math.min(excess + 1, 6) };
    }
    const challenge = await captcha.challenge(forAccount);
    if (!challenge) return jsonError(404, `The ${captcha.provider} captcha has no challenge endpoint`);
    return json(challenge);
  }

  return [
    { method: "POST", pattern: "/api/auth/login", handler: login },
    { method: "POST", pattern: "/api/auth/refresh", handler: refresh },
    { method: "POST", pattern: "/api/auth/logout", handler: logout },
    { method: "GET", pattern: "/api/auth/me", handler: me },
    { method: "POST", pattern: "/api/auth/mfa/enroll", handler: mfaEnroll },
    { method: "POST", pattern: "/api/auth/mfa/confirm", handler: mfaConfirm },
    { method: "POST", pattern: "/api/auth/mfa/disable", handler: mfaDisable },
    { method: "GET", pattern: "/api/auth/captcha", handler: captchaChallenge },
  ];
}
