import { describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { SQL } from "bun";
import { expectError } from "../test-support/api-calls.ts";
import { expectDemoAdminNeverLockedOut } from "../test-support/demo-admin-lockout.ts";
import { createSignInAccount } from "../test-support/sign-in-accounts.ts";
import { startBeforeAll, startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { withTestServer } from "../test-support/test-server-for-one-test.ts";
import type { AuthLimits } from "./auth-limits.ts";
import { currentTotp } from "./totp.ts";

/** Regressions of an outside probe's findings, guessable codes and sign-in limits, over real HTTP. */

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.mainUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** The code in the newest mail to `address` (the outbox is the mail the platform would send). */
async function latestCode(sql: SQL, address: string): Promise<string> {
  const [mail] = await sql`SELECT body FROM mail_outbox WHERE to_address = ${address}
    ORDER BY created_at DESC, id DESC LIMIT 1`;
  const code = /\b(\d{6})\b/.exec(String(mail?.body ?? ""))?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

/** A 6-digit code that is not `code`. */
const wrongCode = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, "0");

const minute = 60_000;

describe("password-reset and verification codes cannot be guessed", () => {
  const server = startedBeforeAll(() =>
    startTestServer({}, { authLimits: { codeFailuresPerIp: { limit: 1000, windowMs: minute } } }),
  );

  const resetConfirm = (email: string, code: string) =>
    post(server, "/api/auth/password-reset/confirm", { email, code, password: "a-new-password-1" });

  /** A new account `name` (password `pw-<name>`) that asked for a password reset; answers the mailed code. */
  async function mailedResetCode(name: string): Promise<string> {
    await createSignInAccount(server.db.sql, { name, password: `pw-${name}` });
    expect((await post(server, "/api/auth/password-reset", { email: `${name}@example.com` })).status).toBe(
      202,
    );
    return latestCode(server.db.sql, `${name}@example.com`);
  }

  test("a reset code dies after 5 tries: the right code is refused afterwards", async () => {
    const code = await mailedResetCode("guess-1");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expectError(await resetConfirm("guess-1@example.com", wrongCode(code, attempt)), 400, {
        error: "password reset failed",
        field: "code",
      });
    }
    expect((await resetConfirm("guess-1@example.com", code)).status).toBe(400);
    // The old password still works: the reset never happened.
    expect((await post(server, "/api/auth/login", { login: "guess-1", password: "pw-guess-1" })).status).toBe(
      200,
    );
  });

  test("a code with tries left still works, and works once", async () => {
    const code = await mailedResetCode("guess-2");
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await resetConfirm("guess-2@example.com", wrongCode(code, attempt))).status).toBe(400);
    expect((await resetConfirm("guess-2@example.com", code)).status).toBe(200);
    expect((await resetConfirm("guess-2@example.com", code)).status).toBe(400);
  });

  test("fifty guesses sent at once still get 5 checks between them", async () => {
    const code = await mailedResetCode("guess-3");
    const guesses = Array.from({ length: 50 }, (_, index) =>
      resetConfirm("guess-3@example.com", wrongCode(code, index + 1)),
    );
    for (const response of await Promise.all(guesses)) expect(response.status).toBe(400);
    const [row] = await server.db.sql`SELECT attempts, used_at FROM verification_codes v
      JOIN users u ON u.id = v.user_id WHERE u.email = ${"guess-3@example.com"}`;
    expect(Number(row.attempts)).toBe(5);
    expect((await resetConfirm("guess-3@example.com", code)).status).toBe(400);
  });

  test("an e-mail verification code dies after 5 tries as well", async () => {
    const register = await post(server, "/api/auth/register", {
      name: "guess-verify",
      email: "guess-verify@example.com",
      password: "pw-guess-verify-1",
    });
    expect(register.status).toBe(201);
    const code = await latestCode(server.db.sql, "guess-verify@example.com");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post(server, "/api/auth/verify-email", {
        email: "guess-verify@example.com",
        code: wrongCode(code, attempt),
      });
      expect(response.status).toBe(400);
    }
    const late = await post(server, "/api/auth/verify-email", { email: "guess-verify@example.com", code });
    expect(late.status).toBe(400);
    // A fresh code (a new mail) works.
    expect(
      (await post(server, "/api/auth/verify-email/resend", { email: "guess-verify@example.com" })).status,
    ).toBe(202);
    const fresh = await latestCode(server.db.sql, "guess-verify@example.com");
    expect(
      (await post(server, "/api/auth/verify-email", { email: "guess-verify@example.com", code: fresh }))
        .status,
    ).toBe(200);
  });

  test("the tries are stored with the code: a second server on the same database sees them", async () => {
    const code = await mailedResetCode("guess-4");
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await resetConfirm("guess-4@example.com", wrongCode(code, attempt))).status).toBe(400);
    const secondLimits = { authLimits: { codeFailuresPerIp: { limit: 1000, windowMs: minute } } };
    await withTestServer(server.databaseEnv, secondLimits, async (second) => {
      for (let attempt = 4; attempt <= 5; attempt++) {
        const response = await post(second, "/api/auth/password-reset/confirm", {
          email: "guess-4@example.com",
          code: wrongCode(code, attempt),
          password: "a-new-password-1",
        });
        expect(response.status).toBe(400);
      }
      const right = await post(second, "/api/auth/password-reset/confirm", {
        email: "guess-4@example.com",
        code,
        password: "a-new-password-1",
      });
      expect(right.status).toBe(400);
    });
  });
});

describe("requests for code mails and wrong codes are limited", () => {
  const limits: Partial<AuthLimits> = {
    codeMailsPerAddress: { limit: 3, windowMs: minute },
    codeMailsPerIp: { limit: 10, windowMs: minute },
    codeFailuresPerIp: { limit: 6, windowMs: minute },
  };
  const server = startedBeforeAll(() => startTestServer({}, { authLimits: limits }));

  const mailsTo = async (address: string) =>
    Number((await server.db.sql`SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${address}`)[0].n);

  test("per address: the fourth reset request in the window is a 429 and queues no mail", async () => {
    for (let request = 0; request < 3; request++)
      expect((await post(server, "/api/auth/password-reset", { email: "admin@example.com" })).status).toBe(
        202,
      );
    const refused = await post(server, "/api/auth/password-reset", { email: "ADMIN@example.com " });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Too many code requests, try again later" });
    expect(await mailsTo("admin@example.com")).toBe(3);
  });

  test("per address holds for unknown addresses too, so the answer tells nothing", async () => {
    for (let request = 0; request < 3; request++)
      expect((await post(server, "/api/auth/password-reset", { email: "nobody@example.com" })).status).toBe(
        202,
      );
    expect((await post(server, "/api/auth/password-reset", { email: "nobody@example.com" })).status).toBe(
      429,
    );
  });

  test("per caller: different addresses from one client stop at its limit", async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 4; request++) {
      const response = await post(server, "/api/auth/verify-email/resend", {
        email: `other-${request}@example.com`,
      });
      statuses.push(response.status);
    }
    // 8 requests before these from this client (4 + 4 above, refused ones count too); the limit is 10.
    expect(statuses).toEqual([202, 202, 429, 429]);
  });

  test("wrong codes from one client are limited across accounts", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await post(server, "/api/auth/password-reset/confirm", {
        email: `someone-${attempt}@example.com`,
        code: "123456",
        password: "a-new-password-1",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });
});

/**
 * The sign-in slowdown's waits, on a clock of the test's own: a wait ends on the next turn of the event
 * loop and moves the clock on by its length, so the servers of "sign-in limits" wait seconds of it
 * without the test taking them.
 */
let slept = 0;
const loginSlowdownSleep = async (ms: number) => {
  await new Promise((resolve) => setImmediate(resolve));
  slept += ms;
};

/** How long a request waited on the slowdown's clock before it was answered, and its answer. */
async function timed(request: Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = slept;
  const response = await request;
  return { response, ms: slept - started };
}

describe("sign-in limits", () => {
  const limits: Partial<AuthLimits> = {
    loginFailuresPerIp: { limit: 1000, windowMs: minute },
    loginFailuresPerAccount: { limit: 3, windowMs: minute },
    loginSlowdown: { baseMs: 200, maxMs: 800 },
  };
  const server = startedBeforeAll(() => startTestServer({}, { authLimits: limits, loginSlowdownSleep }));

  const login = (body: Record<string, unknown>, target = server) => post(target, "/api/auth/login", body);

  /** An admin who signs in with a second factor, TOTP codes of `secret`. */
  const createMfaAdmin = async (name: string, password: string, secret: string) => {
    const { id } = await createSignInAccount(server.db.sql, {
      name,
      password,
      role: "ADMIN",
      emailVerified: true,
    });
    await server.db.sql`UPDATE users SET mfa_enabled = ${true}, mfa_secret = ${secret} WHERE id = ${id}`;
  };

  test("the nickname and the e-mail share one window: the account's", async () => {
    await createSignInAccount(server.db.sql, { name: "twice", password: "pw-twice-1" });
    expect((await login({ login: "twice", password: "wrong" })).status).toBe(401);
    expect((await login({ login: "twice@example.com", password: "wrong" })).status).toBe(401);
    expect((await login({ login: "TWICE", password: "wrong" })).status).toBe(401);
    // Past the account's limit by either name: each attempt waits, and the right password signs in.
    const wrong = await timed(login({ login: "twice", password: "wrong" }));
    expect(wrong.response.status).toBe(401);
    expect(wrong.ms).toBeGreaterThanOrEqual(190);
    const right = await timed(login({ login: "twice@example.com", password: "pw-twice-1" }));
    expect(right.response.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(390);
  }, 20_000);

  test("wrong passwords never lock the right one out: each attempt past the limit waits longer", async () => {
    await createSignInAccount(server.db.sql, {
      name: "target",
      password: "pw-target-1",
      role: "ADMIN",
      emailVerified: true,
    });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await login({ login: "target", password: `guess-${attempt}` })).status).toBe(401);
    const waits: number[] = [];
    for (let attempt = 3; attempt < 7; attempt++) {
      const { response, ms } = await timed(login({ login: "target", password: `guess-${attempt}` }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid credentials" });
      waits.push(ms);
    }
    // 200, 400, 800 and then at most 800 ms (the test's limits).
    for (const [index, least] of [200, 400, 800, 800].entries())
      expect(waits[index]).toBeGreaterThanOrEqual(least - 10);
    // Another ten failures sent at once lock nothing either.
    const flood = await Promise.all(
      Array.from({ length: 10 }, (_, index) => login({ login: "target", password: `flood-${index}` })),
    );
    for (const response of flood) expect(response.status).toBe(401);
    const { response, ms } = await timed(login({ login: "target", password: "pw-target-1" }));
    expect(response.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(790);
  }, 30_000);

  test("successful sign-ins do not count toward the limit", async () => {
    await createSignInAccount(server.db.sql, { name: "often", password: "pw-often-1" });
    for (let attempt = 0; attempt < 8; attempt++)
      expect((await login({ login: "often", password: "pw-often-1" })).status).toBe(200);
    expect((await login({ login: "often", password: "wrong" })).status).toBe(401);
    expect((await login({ login: "often", password: "pw-often-1" })).status).toBe(200);
  }, 20_000);

  test("a correct password with a valid MFA code keeps the owner in while others fail", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await createMfaAdmin("second-factor", "pw-mfa-owner-1", secret);
    for (let attempt = 0; attempt < 6; attempt++)
      expect((await login({ login: "second-factor", password: `guess-${attempt}` })).status).toBe(401);
    const step = await login({ login: "second-factor", password: "pw-mfa-owner-1" });
    expect(step.status).toBe(401);
    expect(((await step.json()) as { mfaRequired?: boolean }).mfaRequired).toBe(true);
    const signedIn = await login({
      login: "second-factor",
      password: "pw-mfa-owner-1",
      code: currentTotp(secret),
    });
    expect(signedIn.status).toBe(200);
  }, 20_000);

  test("wrong MFA codes lock the second step, even with the right password", async () => {
    const secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    await createMfaAdmin("code-guesser", "pw-code-1", secret);
    const right = currentTotp(secret);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login({
        login: "code-guesser",
        password: "pw-code-1",
        code: wrongCode(right, attempt * 7),
      });
      expect(response.status).toBe(401);
    }
    expect((await login({ login: "code-guesser", password: "pw-code-1", code: right })).status).toBe(429);
  });

  test("the failures survive a restart: another server on the same database still slows the account", async () => {
    await createSignInAccount(server.db.sql, { name: "restart", password: "pw-restart-1" });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await login({ login: "restart", password: "wrong" })).status).toBe(401);
    await withTestServer(server.databaseEnv, { authLimits: limits, loginSlowdownSleep }, async (second) => {
      const { response, ms } = await timed(login({ login: "restart", password: "pw-restart-1" }, second));
      expect(response.status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(190);
    });
  });
});

describe("with ALTCHA, a guarded account asks for a proof of work of its own", () => {
  const limits: Partial<AuthLimits> = {
    loginFailuresPerIp: { limit: 1000, windowMs: minute },
    loginFailuresPerAccount: { limit: 2, windowMs: minute },
    loginSlowdown: { baseMs: 50, maxMs: 100 },
  };
  let server: TestServer;
  startBeforeAll(
    () => startTestServer({ CAPTCHA_PROVIDER: "altcha" }, { authLimits: limits }),
    async (started) => {
      server = started;
      await createSignInAccount(server.db.sql, {
        name: "guarded",
        password: "pw-guarded-1",
        role: "ADMIN",
        emailVerified: true,
      });
    },
  );

  const challengeFor = async (login?: string): Promise<Challenge> => {
    const query = login ? `?login=${encodeURIComponent(login)}` : "";
    return (await (await fetch(`${server.mainUrl}/api/auth/captcha${query}`)).json()) as Challenge;
  };
  const tokenOf = async (challenge: Challenge) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };
  const login = async (password: string, captchaToken: string) =>
    post(server, "/api/auth/login", { login: "guarded", password, captchaToken });

  test("past the limit an ordinary solution is not enough; one issued for the account signs the owner in", async () => {
    // Before the limit, `?login=` changes nothing: an ordinary challenge.
    expect((await challengeFor("guarded")).parameters.data).toBeUndefined();
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await login("wrong", await tokenOf(await challengeFor()))).status).toBe(401);

    const ordinary = await login("pw-guarded-1", await tokenOf(await challengeFor()));
    expect(ordinary.status).toBe(400);
    expect(await ordinary.json()).toEqual({
      error: "Too many failed sign-ins: verify again",
      field: "captchaToken",
      captchaRequired: true,
    });
    // Bound to another account: refused as well.
    const otherAccount = await login("pw-guarded-1", await tokenOf(await challengeFor("admin")));
    expect(otherAccount.status).toBe(400);

    const bound = await challengeFor("GUARDED@example.com");
    expect(bound.parameters.data?.level).toBe(2);
    expect(bound.parameters.data?.account).toBeString();
    // The binding is signed: moving it onto another challenge breaks the signature.
    const plain = await challengeFor();
    const forged = { ...plain, parameters: { ...plain.parameters, data: bound.parameters.data } };
    expect((await login("pw-guarded-1", await tokenOf(forged))).status).toBe(400);

    expect((await login("pw-guarded-1", await tokenOf(bound))).status).toBe(200);
  }, 30_000);

  test("each further failure doubles the work asked, up to 64 times", async () => {
    const { id } = await createSignInAccount(server.db.sql, { name: "harder", password: "pw-harder-1" });
    const levels: unknown[] = [];
    // The account's failure window set directly: 2 failures (the limit) up to 8.
    for (let failures = 2; failures <= 8; failures++) {
      await server.db.sql`INSERT INTO rate_limit_counters (key, hits, expires_at)
        VALUES (${`login-account:${id}`}, ${failures}, ${Date.now() + minute})
        ON CONFLICT (key) DO UPDATE SET hits = ${failures}`;
      levels.push((await challengeFor("harder")).parameters.data?.level);
    }
    expect(levels).toEqual([2, 4, 8, 16, 32, 64, 64]);
  });
});

describe("a sign-in slowed down past the limit with the captcha off", () => {
  test("is never a hard lock: the right password signs in", async () => {
    // The default limit (5 failures) and more: the demo admin is never refused its password.
    await withTestServer(
      {},
      { authLimits: { loginSlowdown: { baseMs: 10, maxMs: 20 } } },
      expectDemoAdminNeverLockedOut,
    );
  }, 30_000);
});
