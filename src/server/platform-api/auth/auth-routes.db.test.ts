import { beforeAll, describe, expect, test } from "bun:test";
import { demoAdminAccount } from "../../../shared/test-support/demo-admin-account.ts";
import { createAccessTokens } from "../../auth/access-tokens.ts";
import { createUser } from "../../auth/users-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

let server: TestServer;
let main: string;

interface LoginAnswer {
  user: Record<string, unknown>;
  session: { id: string; expiresAt: string };
  access_token: string;
  refresh_token: string;
}

const login = (body: unknown) =>
  fetch(`${main}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const me = (headers: Record<string, string> = {}) => fetch(`${main}/api/auth/me`, { headers });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function payloadOf(jwt: string): Record<string, unknown> {
  const parts = jwt.split(".");
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

async function sessionCount(): Promise<number> {
  const [{ total }] = await server.db.sql`SELECT count(*) AS total FROM auth_sessions`;
  return Number(total);
}

async function adminId(): Promise<string> {
  const [row] = await server.db.sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  return row.id;
}

/** The demo admin as the API answers it. */
async function demoAdminUser(): Promise<Record<string, unknown>> {
  return {
    id: await adminId(),
    ...demoAdminAccount,
    // The demo admin owns the workspace (src/shared/team-api.ts).
    staffRole: "owner",
    displayName: null,
  };
}

async function serverSecret(): Promise<string> {
  const [setting] = await server.db.sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  return setting.value;
}

/** An access token for the demo admin naming session `sid`, signed with `secret` (at `now`, if given). */
async function adminToken(secret: string, sid: string, now?: () => number): Promise<string> {
  return createAccessTokens(secret, now).sign({
    sub: await adminId(),
    sid,
    admin: true,
    email_verified: true,
  });
}

/** Creates a user whose password is the e-mail's local part and "-password". */
const newUser = (name: string, email: string, role: "USER" | "ADMIN" = "USER", enabled = true) =>
  createUser(
    server.db.sql,
    { name, email, password: `${email.split("@")[0]}-password`, role, enabled },
    testPasswords,
  );

async function loggedIn(body: unknown): Promise<LoginAnswer> {
  const response = await login(body);
  expect(response.status).toBe(200);
  return (await response.json()) as LoginAnswer;
}

startBeforeAll(startTestServer, (started) => {
  server = started;
  main = server.mainUrl;
});

describe("POST /api/auth/login", () => {
  test("the demo admin logs in by e-mail and gets user, session and tokens", async () => {
    const before = await sessionCount();
    const started = Date.now();
    const response = await login({ login: "admin@example.com", password: "admin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain("$argon2");
    const body = JSON.parse(text) as LoginAnswer;

    expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token", "session", "user"]);
    expect(body.user).toEqual(await demoAdminUser());
    expect(body.session.id).toBeString();
    // Sessions stay valid 30 days without use.
    const expiresIn = Date.parse(body.session.expiresAt) - started;
    expect(expiresIn).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const payload = payloadOf(body.access_token);
    expect(payload.sub).toBe(body.user.id as string);
    expect(payload.sid).toBe(body.session.id);
    expect(payload.admin).toBe(true);
    expect(payload.email_verified).toBe(true);
    const iat = payload.iat as number;
    expect(Math.abs(iat * 1000 - started)).toBeLessThan(10_000);
    expect((payload.exp as number) - iat).toBe(15 * 60);
    const header = JSON.parse(
      Buffer.from(body.access_token.split(".")[0] ?? "", "base64url").toString("utf8"),
    ) as Record<string, unknown>;
    expect(header.alg).toBe("HS256");

    expect(await sessionCount()).toBe(before + 1);
    const [row] = await server.db.sql`SELECT user_id, refresh_token_hash, revoked_at FROM auth_sessions
      WHERE id = ${body.session.id}`;
    expect(row.user_id).toBe(body.user.id);
    expect(row.revoked_at).toBeNull();
    // Only a hash of the refresh token is kept.
    expect(row.refresh_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.refresh_token_hash).not.toBe(body.refresh_token);
  });

  test("the nickname logs in too, case-insensitively", async () => {
    const body = await loggedIn({ login: "ADMIN", password: "admin" });
    expect(body.user.email).toBe("admin@example.com");
    expect(body.user.id).toBe(await adminId());
    expect(payloadOf(body.access_token).admin).toBe(true);
  });

  test("the e-mail is matched case-insensitively and trimmed", async () => {
    const body = await loggedIn({ login: "  Admin@Example.COM ", password: "admin" });
    expect(body.user.id).toBe(await adminId());
  });

  test("every login starts its own session", async () => {
    const first = await loggedIn({ login: "admin", password: "admin" });
    const second = await loggedIn({ login: "admin", password: "admin" });
    expect(first.session.id).not.toBe(second.session.id);
    expect(first.refresh_token).not.toBe(second.refresh_token);
  });

  test("a staff member's display name comes with the user, the name the dashboard shows them by", async () => {
    const user = await newUser("QuietOwl7", "rosa@example.com");
    await server.db.sql`UPDATE users SET display_name = ${"Rosa Gomez"} WHERE id = ${user.id}`;
    const body = await loggedIn({ login: "rosa@example.com", password: "rosa-password" });
    expect(body.user).toMatchObject({ name: "QuietOwl7", displayName: "Rosa Gomez" });
  });

  test("a USER with an unverified e-mail gets admin false and email_verified false", async () => {
    const user = await newUser("Viewer", "viewer@example.com");
    const body = await loggedIn({ login: "viewer@example.com", password: "viewer-password" });
    expect(body.user).toEqual({
      id: user.id,
      name: "Viewer",
      email: "viewer@example.com",
      role: "USER",
      emailVerified: false,
      enabled: true,
      mfaEnabled: false,
      staffRole: null,
      displayName: null,
    });
    const payload = payloadOf(body.access_token);
    expect(payload.sub).toBe(user.id);
    expect(payload.admin).toBe(false);
    expect(payload.email_verified).toBe(false);
  });

  test.each([
    ["a wrong password", { login: "admin@example.com", password: "wrong" }],
    ["a wrong password for the nickname", { login: "admin", password: "Admin" }],
    ["an unknown e-mail", { login: "nobody@example.com", password: "admin" }],
    ["an unknown nickname", { login: "nobody", password: "admin" }],
  ])("%s answers 401 Invalid credentials and starts no session", async (_, body) => {
    const before = await sessionCount();
    await expectError(await login(body), 401, { error: "Invalid credentials" });
    expect(await sessionCount()).toBe(before);
  });

  test("a disabled user answers 403 and starts no session", async () => {
    await newUser("Disabled", "disabled@example.com", "ADMIN", false);
    const before = await sessionCount();
    await expectError(await login({ login: "disabled@example.com", password: "disabled-password" }), 403, {
      error: "account disabled, contact us",
    });
    expect(await sessionCount()).toBe(before);
  });

  test("a disabled user with a wrong password is told only that the credentials are invalid", async () => {
    await expectError(await login({ login: "disabled", password: "wrong" }), 401, {
      error: "Invalid credentials",
    });
  });

  test.each([
    ["a missing password", "password", { login: "admin@example.com" }],
    ["a missing login", "login", { password: "admin" }],
    ["an empty login", "login", { login: "", password: "admin" }],
    ["a numeric password", "password", { login: "admin", password: 42 }],
    ["code 12ab", "code", { login: "admin@example.com", password: "admin", code: "12ab" }],
    ["a seven-digit code", "code", { login: "admin@example.com", password: "admin", code: "1234567" }],
    ["an unknown key", "remember", { login: "admin@example.com", password: "admin", remember: true }],
  ])("%s answers 400 naming the field", async (_, field, body) => {
    const before = await sessionCount();
    const response = await login(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field: string };
    expect(answer.field).toBe(field);
    expect(answer.error).toContain(field);
    expect(await sessionCount()).toBe(before);
  });

  test("a valid six-digit code is accepted", async () => {
    const response = await login({ login: "admin", password: "admin", code: "123456" });
    expect(response.status).toBe(200);
  });

  test("a body that is not JSON answers 400", async () => {
    await expectError(await login("login=admin&password=admin"), 400, {
      error: "Request body is not valid JSON",
    });
  });

  test("GET on the login path answers 405", async () => {
    const response = await fetch(`${main}/api/auth/login`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/auth/me", () => {
  let admin: LoginAnswer;

  beforeAll(async () => {
    admin = await loggedIn({ login: "admin@example.com", password: "admin" });
  });

  test("answers the signed-in user and session with the bearer token", async () => {
    const response = await me(bearer(admin.access_token));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("passwordHash");
    expect(JSON.parse(text)).toEqual({
      user: await demoAdminUser(),
      session: admin.session,
    });
  });

  test("the Bearer scheme is matched case-insensitively", async () => {
    const response = await me({ Authorization: `bearer ${admin.access_token}` });
    expect(response.status).toBe(200);
  });

  test("without a token answers 401", async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBeString();
  });

  test("a token in another scheme answers 401", async () => {
    const response = await me({ Authorization: `Basic ${admin.access_token}` });
    expect(response.status).toBe(401);
  });

  test("a garbage token answers 401", async () => {
    await expectError(await me(bearer("not-a-jwt")), 401, {
      error: "The access token is invalid or has expired",
    });
  });

  test("a token signed with another secret answers 401", async () => {
    const forged = await adminToken("not-the-server-secret", admin.session.id);
    await expectError(await me(bearer(forged)), 401, { error: "The access token is invalid or has expired" });
  });

  test("an expired token answers 401", async () => {
    const sixteenMinutesAgo = Date.now() - 16 * 60 * 1000;
    const expired = await adminToken(await serverSecret(), admin.session.id, () => sixteenMinutesAgo);
    await expectError(await me(bearer(expired)), 401, {
      error: "The access token is invalid or has expired",
    });
  });

  test("a valid token naming another user's session answers 401", async () => {
    const secret = await serverSecret();
    await newUser("Other", "other@example.com");
    const other = await loggedIn({ login: "other", password: "other-password" });
    const mixed = await adminToken(secret, other.session.id);
    await expectError(await me(bearer(mixed)), 401, { error: "This session has ended, sign in again" });
  });

  test("a token whose session was revoked answers 401", async () => {
    const fresh = await loggedIn({ login: "admin", password: "admin" });
    expect((await me(bearer(fresh.access_token))).status).toBe(200);
    await server.db.sql`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()}
      WHERE id = ${fresh.session.id}`;
    await expectError(await me(bearer(fresh.access_token)), 401, {
      error: "This session has ended, sign in again",
    });
    // Other sessions of the same user go on working.
    expect((await me(bearer(admin.access_token))).status).toBe(200);
  });

  test("a token whose session has expired answers 401", async () => {
    const fresh = await loggedIn({ login: "admin", password: "admin" });
    await server.db.sql`UPDATE auth_sessions SET expires_at = ${new Date(Date.now() - 1000).toISOString()}
      WHERE id = ${fresh.session.id}`;
    await expectError(await me(bearer(fresh.access_token)), 401, {
      error: "This session has ended, sign in again",
    });
  });

  test("a user disabled after login answers 403", async () => {
    const user = await newUser("Soon Disabled", "soon-disabled@example.com");
    const body = await loggedIn({ login: "soon-disabled@example.com", password: "soon-disabled-password" });
    expect((await me(bearer(body.access_token))).status).toBe(200);
    await server.db.sql`UPDATE users SET enabled = FALSE WHERE id = ${user.id}`;
    await expectError(await me(bearer(body.access_token)), 403, { error: "account disabled, contact us" });
  });
});
