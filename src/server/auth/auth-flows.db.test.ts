import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { expectError } from "../test-support/api-calls.ts";
import { expectDemoAdminNeverLockedOut } from "../test-support/demo-admin-lockout.ts";
import { createSignInAccount } from "../test-support/sign-in-accounts.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { withTestServer } from "../test-support/test-server-for-one-test.ts";
import { fixtureTimeoutMs } from "../test-support/test-timeouts.ts";
import { currentTotp } from "./totp.ts";

type Json = Record<string, unknown>;

const post = (server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.mainUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function loginOk(server: TestServer, body: Json) {
  const response = await post(server, "/api/auth/login", body);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; session: { id: string } };
}

describe("MFA, refresh, logout and limits (captcha off)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        authLimits: {
          loginFailuresPerIp: { limit: 1000, windowMs: 60_000 },
          loginFailuresPerAccount: { limit: 6, windowMs: 60_000 },
          loginSlowdown: { baseMs: 300, maxMs: 1200 },
        },
      },
    );
  }, fixtureTimeoutMs);
  afterAll(() => server.dispose(), fixtureTimeoutMs);

  test("MFA: enroll, confirm, then the code is required, checked, and a recovery code turns MFA off", async () => {
    await createSignInAccount(server.db.sql, {
      name: "mfa-user",
      email: "mfa@example.com",
      password: "pw-mfa-1",
      role: "ADMIN",
      emailVerified: true,
    });
    const first = await loginOk(server, { login: "mfa-user", password: "pw-mfa-1" });
    const enroll = await post(server, "/api/auth/mfa/enroll", {}, bearer(first.access_token));
    expect(enroll.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = (await enroll.json()) as {
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toStartWith("otpauth://totp/");
    expect(qrCode).toStartWith("data:image/png;base64,");

    await expectError(
      await post(server, "/api/auth/mfa/confirm", { code: "000000" }, bearer(first.access_token)),
      400,
      { error: "invalid code", field: "code" },
    );
    const badFormat = await post(
      server,
      "/api/auth/mfa/confirm",
      { code: "12ab" },
      bearer(first.access_token),
    );
    expect(await badFormat.json()).toEqual({ error: "Invalid code format", field: "code" });
    const confirm = await post(
      server,
      "/api/auth/mfa/confirm",
      { code: currentTotp(secret) },
      bearer(first.access_token),
    );
    expect(confirm.status).toBe(200);
    const { recoveryCode } = (await confirm.json()) as { recoveryCode: string };
    expect(recoveryCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const missing = await post(server, "/api/auth/login", { login: "mfa-user", password: "pw-mfa-1" });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ field: "code", mfaRequired: true });
    const wrong = await post(server, "/api/auth/login", {
      login: "mfa-user",
      password: "pw-mfa-1",
      code: "000000",
    });
    expect(await wrong.json()).toEqual({ error: "invalid code", field: "code" });
    await loginOk(server, { login: "mfa-user", password: "pw-mfa-1", code: currentTotp(secret) });

    await loginOk(server, {
      login: "mfa-user",
      password: "pw-mfa-1",
      recoveryCode: recoveryCode.toLowerCase(),
    });
    const [row] = await server.db
      .sql`SELECT mfa_enabled, mfa_secret FROM users WHERE name_key = ${"mfa-user"}`;
    expect(Boolean(row.mfa_enabled)).toBe(false);
    expect(row.mfa_secret).toBeNull();
  });

  test("MFA can be disabled with a valid code", async () => {
    await createSignInAccount(server.db.sql, { name: "mfa-off", password: "pw-off-1", emailVerified: true });
    const session = await loginOk(server, { login: "mfa-off", password: "pw-off-1" });
    const { secret } = (await (
      await post(server, "/api/auth/mfa/enroll", {}, bearer(session.access_token))
    ).json()) as { secret: string };
    await post(server, "/api/auth/mfa/confirm", { code: currentTotp(secret) }, bearer(session.access_token));
    expect((await post(server, "/api/auth/mfa/enroll", {}, bearer(session.access_token))).status).toBe(409);
    const wrong = await post(
      server,
      "/api/auth/mfa/disable",
      { code: "999999" },
      bearer(session.access_token),
    );
    expect(wrong.status).toBe(400);
    const off = await post(
      server,
      "/api/auth/mfa/disable",
      { code: currentTotp(secret) },
      bearer(session.access_token),
    );
    expect(await off.json()).toEqual({ mfaEnabled: false });
    await loginOk(server, { login: "mfa-off", password: "pw-off-1" });
  });

  test("refresh rotates the token; a used token shown again ends the session", async () => {
    const first = await loginOk(server, { login: "admin", password: "admin" });
    const rotated = await post(server, "/api/auth/refresh", { refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as {
      access_token: string;
      refresh_token: string;
      session: { id: string };
    };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.session.id).toBe(first.session.id);
    expect(
      (await fetch(`${server.mainUrl}/api/auth/me`, { headers: bearer(second.access_token) })).status,
    ).toBe(200);

    const reused = await post(server, "/api/auth/refresh", { refresh_token: first.refresh_token });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({
      error: "This refresh token was already used; the session was ended",
    });
    // The whole family is gone: the newest token and the access token of that session stop working.
    expect((await post(server, "/api/auth/refresh", { refresh_token: second.refresh_token })).status).toBe(
      401,
    );
    expect(
      (await fetch(`${server.mainUrl}/api/auth/me`, { headers: bearer(second.access_token) })).status,
    ).toBe(401);
    expect((await post(server, "/api/auth/refresh", { refresh_token: "nonsense" })).status).toBe(401);
  });

  test("logout revokes the session at once", async () => {
    const session = await loginOk(server, { login: "admin", password: "admin" });
    const out = await post(server, "/api/auth/logout", {}, bearer(session.access_token));
    expect(out.status).toBe(204);
    const me = await fetch(`${server.mainUrl}/api/auth/me`, { headers: bearer(session.access_token) });
    expect(me.status).toBe(401);
    expect((await post(server, "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(
      401,
    );
  });

  test("an account without a password has no login method; a self-registered one must verify first", async () => {
    const user = await createSignInAccount(server.db.sql, { name: "nopw", password: "x-1" });
    await server.db.sql`UPDATE users SET password_hash = ${""} WHERE id = ${user.id}`;
    await expectError(await post(server, "/api/auth/login", { login: "nopw", password: "anything" }), 400, {
      error: "No login method",
    });

    const fresh = await createSignInAccount(server.db.sql, { name: "fresh", password: "pw-fresh-1" });
    await server.db
      .sql`INSERT INTO verification_codes (id, user_id, purpose, code_hash, expires_at, created_at)
      VALUES (${crypto.randomUUID()}, ${fresh.id}, ${"EMAIL_VERIFY"}, ${"x"}, ${new Date(Date.now() + 3_600_000).toISOString()}, ${new Date().toISOString()})`;
    await expectError(
      await post(server, "/api/auth/login", { login: "fresh", password: "pw-fresh-1" }),
      403,
      { error: "verify your account" },
    );
  });

  test("wrong passwords slow an account down but never refuse its right password", async () => {
    await createSignInAccount(server.db.sql, { name: "limited", password: "pw-limit-1" });
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await post(server, "/api/auth/login", { login: "limited", password: "wrong" })).status).toBe(
        401,
      );
    }
    const started = performance.now();
    const owner = await post(server, "/api/auth/login", { login: "limited", password: "pw-limit-1" });
    expect(owner.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // Eight password checks (argon2) on a shared machine take more than the default 5 s at times.
  }, 20_000);
});

describe("login limit per IP", () => {
  test("counts the connection's address; headers a client sends cannot move it to another bucket", async () => {
    const server = await startTestServer(
      {},
      { authLimits: { loginFailuresPerIp: { limit: 3, windowMs: 60_000 } } },
    );
    try {
      for (const [index, name] of ["one", "two", "three"].entries()) {
        const response = await post(
          server,
          "/api/auth/login",
          { login: name, password: "x" },
          {
            "X-Forwarded-For": `10.0.0.${index}`,
            "X-Platform-Client-Ip": `10.0.1.${index}`,
          },
        );
        expect(response.status).toBe(401);
      }
      const fourth = await post(
        server,
        "/api/auth/login",
        { login: "admin", password: "admin" },
        {
          "X-Forwarded-For": "10.9.9.9",
          "X-Platform-Client-Ip": "10.9.9.9",
        },
      );
      expect(fourth.status).toBe(429);
    } finally {
      await server.dispose();
    }
  });
});

describe("RATE_LIMITS=0", () => {
  test("turns the login limits off (end-to-end runs sign in far more than 10 times)", async () => {
    await withTestServer({ RATE_LIMITS: "0" }, {}, expectDemoAdminNeverLockedOut);
    // Thirteen password checks (argon2): more than the default 5 s on a busy machine.
  }, 30_000);
});

describe("human verification", () => {
  test("ALTCHA: a login needs a solved challenge, and each solution works once", async () => {
    await withTestServer({ CAPTCHA_PROVIDER: "altcha" }, {}, async (server) => {
      const config = (await (await fetch(`${server.mainUrl}/api/public-config`)).json()) as Json;
      expect(config).toEqual({
        captcha: { provider: "altcha", siteKey: null },
        registrationEnabled: true,
        messengerUrl: server.messengerUrl,
      });
      await expectError(await post(server, "/api/auth/login", { login: "admin", password: "admin" }), 400, {
        error: "captcha failed",
        field: "captchaToken",
      });
      const garbage = await post(server, "/api/auth/login", {
        login: "admin",
        password: "admin",
        captchaToken: "abc",
      });
      expect(garbage.status).toBe(400);

      const challenge = await (await fetch(`${server.mainUrl}/api/auth/captcha`)).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
      await loginOk(server, { login: "admin", password: "admin", captchaToken });
      await expectError(
        await post(server, "/api/auth/login", {
          login: "admin",
          password: "admin",
          captchaToken,
        }),
        400,
        { error: "captcha failed", field: "captchaToken" },
      );
    });
  }, 20_000);

  test("reCAPTCHA v3: the siteverify answer and its score decide (a local stand-in for Google)", async () => {
    const verdicts: Record<string, Json> = {
      good: { success: true, score: 0.9, action: "login" },
      low: { success: true, score: 0.1, action: "login" },
      bad: { success: false },
    };
    const siteverify = Bun.serve({
      port: 0,
      async fetch(request) {
        const form = new URLSearchParams(await request.text());
        expect(form.get("secret")).toBe("server-secret");
        return Response.json(verdicts[form.get("response") ?? ""] ?? { success: false });
      },
    });
    const server = await startTestServer({
      CAPTCHA_PROVIDER: "recaptcha",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "server-secret",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${siteverify.port}/siteverify`,
    });
    try {
      const config = (await (await fetch(`${server.mainUrl}/api/public-config`)).json()) as Json;
      expect(config.captcha).toEqual({ provider: "recaptcha", siteKey: "site-key" });
      await loginOk(server, { login: "admin", password: "admin", captchaToken: "good" });
      for (const token of ["low", "bad"]) {
        const refused = await post(server, "/api/auth/login", {
          login: "admin",
          password: "admin",
          captchaToken: token,
        });
        expect(refused.status).toBe(400);
      }
      expect((await fetch(`${server.mainUrl}/api/auth/captcha`)).status).toBe(404);
    } finally {
      await server.dispose();
      await siteverify.stop(true);
    }
  });
});
