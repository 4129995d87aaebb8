import { describe, expect, test } from "bun:test";
import { expectError } from "../../test-support/api-calls.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer } from "../../test-support/test-server.ts";
import { withTestServer } from "../../test-support/test-server-for-one-test.ts";

const server = startedBeforeAll(startTestServer);

const post = (path: string, body: unknown) =>
  fetch(`${server.mainUrl}/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** The code in the newest mail to an address (the outbox is the delivery without a mail server). */
async function lastCode(to: string): Promise<string> {
  const [mail] = await server.db
    .sql`SELECT body FROM mail_outbox WHERE to_address = ${to} ORDER BY created_at DESC, id DESC LIMIT 1`;
  const match = /\b(\d{6})\b/.exec(String(mail?.body ?? ""));
  if (!match?.[1]) throw new Error(`no code mailed to ${to}`);
  return match[1];
}

describe("registration and e-mail verification", () => {
  test("a new account is created unverified, gets a code by mail, cannot sign in until it verifies", async () => {
    const created = await post("/register", {
      name: "newbie",
      email: "Newbie@Example.com",
      password: "long-enough-1",
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      name: "newbie",
      email: "newbie@example.com",
      emailVerified: false,
    });
    const code = await lastCode("newbie@example.com");

    await expectError(await post("/login", { login: "newbie", password: "long-enough-1" }), 403, {
      error: "verify your account",
    });

    await expectError(
      await post("/verify-email", {
        email: "newbie@example.com",
        code: code === "000000" ? "111111" : "000000",
      }),
      400,
      { error: "invalid verification code", field: "code" },
    );
    const verified = await post("/verify-email", { email: "newbie@example.com", code });
    expect(await verified.json()).toEqual({ emailVerified: true });
    await expectError(await post("/verify-email", { email: "newbie@example.com", code }), 409, {
      error: "email already verified",
    });
    expect((await post("/login", { login: "newbie", password: "long-enough-1" })).status).toBe(200);
  });

  test("the spec's registration errors", async () => {
    await expectError(
      await post("/register", {
        name: "other",
        email: "admin@example.com",
        password: "long-enough-1",
      }),
      409,
      { error: "A user with this email already exists", field: "email" },
    );
    const invalid = await post("/register", {
      name: "other",
      email: "not-an-email",
      password: "long-enough-1",
    });
    expect(await invalid.json()).toEqual({ error: "This email is invalid", field: "email" });
    const short = await post("/register", { name: "ab", email: "ab@example.com", password: "long-enough-1" });
    expect(await short.json()).toEqual({ error: "Must be greater than 2 characters", field: "name" });
    const missing = await post("/register", { email: "x@example.com", password: "long-enough-1" });
    expect(await missing.json()).toEqual({ error: "name is required", field: "name" });
    const [{ n }] = await server.db.sql`SELECT count(*) AS n FROM users WHERE email = ${"ab@example.com"}`;
    expect(Number(n)).toBe(0);
  });

  test("registration can be switched off", async () => {
    await withTestServer({ REGISTRATION_ENABLED: "0" }, {}, async (closed) => {
      await expectError(
        await fetch(`${closed.mainUrl}/api/auth/register`, {
          method: "POST",
          body: JSON.stringify({ name: "late", email: "late@example.com", password: "long-enough-1" }),
        }),
        403,
        { error: "Registration is currently disabled" },
      );
    });
  });
});

describe("password reset", () => {
  test("a mailed code sets a new password once, ends old sessions, and a wrong code fails", async () => {
    await post("/register", {
      name: "forgetful",
      email: "forgetful@example.com",
      password: "first-password",
    });
    await post("/verify-email", {
      email: "forgetful@example.com",
      code: await lastCode("forgetful@example.com"),
    });
    const session = (await (
      await post("/login", { login: "forgetful", password: "first-password" })
    ).json()) as {
      access_token: string;
    };

    expect((await post("/password-reset", { email: "forgetful@example.com" })).status).toBe(202);
    // Unknown addresses get the same answer, so the form reveals nothing.
    expect((await post("/password-reset", { email: "nobody@example.com" })).status).toBe(202);
    const code = await lastCode("forgetful@example.com");
    await expectError(
      await post("/password-reset/confirm", {
        email: "forgetful@example.com",
        code: code === "000000" ? "111111" : "000000",
        password: "second-password",
      }),
      400,
      { error: "password reset failed", field: "code" },
    );

    const done = await post("/password-reset/confirm", {
      email: "forgetful@example.com",
      code,
      password: "second-password",
    });
    expect(await done.json()).toEqual({ passwordReset: true });
    expect((await post("/login", { login: "forgetful", password: "first-password" })).status).toBe(401);
    expect((await post("/login", { login: "forgetful", password: "second-password" })).status).toBe(200);
    const me = await fetch(`${server.mainUrl}/api/auth/me`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(401);
    const reused = await post("/password-reset/confirm", {
      email: "forgetful@example.com",
      code,
      password: "third-password",
    });
    expect(reused.status).toBe(400);
  });

  test("an expired code fails", async () => {
    await post("/password-reset", { email: "admin@example.com" });
    const code = await lastCode("admin@example.com");
    await server.db
      .sql`UPDATE verification_codes SET expires_at = ${new Date(Date.now() - 1000).toISOString()}
      WHERE purpose = ${"PASSWORD_RESET"}`;
    const expired = await post("/password-reset/confirm", {
      email: "admin@example.com",
      code,
      password: "new-admin-pw",
    });
    expect(await expired.json()).toEqual({ error: "password reset failed", field: "code" });
  });
});
