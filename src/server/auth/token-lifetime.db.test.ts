import { describe, expect, test } from "bun:test";
import { type JWTPayload, SignJWT } from "jose";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { accessTokenSeconds, builderTokenSeconds, createAccessTokens } from "./access-tokens.ts";

/**
 * A token signed with the server's own key is still refused when it could never run out (no
 * `exp`), when it says nothing of when it was issued (no `iat`), or when it claims a longer life than
 * the server ever gives its kind.
 */

let server: TestServer;
let secret = "";
let adminId = "";
let sid = "";
let projectId = "";
let tourId = "";

startBeforeAll(startTestServer, async (started) => {
  server = started;
  const sql = server.db.sql;
  const [setting] = await sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  secret = String(setting.value);
  const response = await fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: "admin", password: "admin" }),
  });
  const login = (await response.json()) as { access_token: string; session: { id: string } };
  sid = login.session.id;
  const claims = JSON.parse(Buffer.from(login.access_token.split(".")[1] ?? "", "base64url").toString());
  adminId = String(claims.sub);
  const [project] = await sql`SELECT id FROM widget_projects ORDER BY created_at LIMIT 1`;
  projectId = String(project.id);
  const created = await fetch(`${server.mainUrl}/api/projects/${projectId}/outbounds`, {
    method: "POST",
    headers: { Authorization: `Bearer ${login.access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "tour", name: "Lifetime tour", config: { steps: [{ message: "Hi" }] } }),
  });
  tourId = ((await created.json()) as { id: string }).id;
});

const key = () => new TextEncoder().encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token signed with the server's key, with exactly the time claims given. */
function signed(claims: JWTPayload, times: { iat?: number; exp?: number }): Promise<string> {
  const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(adminId);
  if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
  if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
  return jwt.sign(key());
}

const accessClaims = () => ({ sid, admin: true, email_verified: true });
const builderClaims = () => ({
  sid,
  scope: "builder",
  aud: "builder",
  projectId,
  kind: "tour",
  itemId: tourId,
});

async function status(path: string, token: string): Promise<number> {
  const response = await fetch(`${server.mainUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

describe("access tokens", () => {
  test("one signed with the server key but without exp is refused (401)", async () => {
    const now = nowSeconds();
    expect(await status("/api/auth/me", await signed(accessClaims(), { iat: now, exp: now + 60 }))).toBe(200);
    expect(await status("/api/auth/me", await signed(accessClaims(), { iat: now }))).toBe(401);
    expect(await status("/api/auth/me", await signed(accessClaims(), {}))).toBe(401);
  });

  test("one without iat, or living longer than the server issues them, is refused", async () => {
    const now = nowSeconds();
    expect(await status("/api/auth/me", await signed(accessClaims(), { exp: now + 60 }))).toBe(401);
    const yearLong = await signed(accessClaims(), { iat: now, exp: now + 365 * 24 * 3600 });
    expect(await status("/api/auth/me", yearLong)).toBe(401);
    const justOver = await signed(accessClaims(), { iat: now, exp: now + accessTokenSeconds + 1 });
    expect(await status("/api/auth/me", justOver)).toBe(401);
    // Issued so long ago that it would have run out, even if it says otherwise.
    const old = await signed(accessClaims(), { iat: now - accessTokenSeconds - 5, exp: now + 60 });
    expect(await status("/api/auth/me", old)).toBe(401);
  });

  test("the server's own tokens still pass", async () => {
    const token = await createAccessTokens(secret).sign({
      sub: adminId,
      sid,
      admin: true,
      email_verified: true,
    });
    expect(await status("/api/auth/me", token)).toBe(200);
  });
});

describe("builder tokens", () => {
  const tourPath = () => `/api/projects/${projectId}/outbounds/${tourId}`;

  test("one without exp, without iat, or longer-lived than 10 minutes is refused", async () => {
    const now = nowSeconds();
    expect(await status(tourPath(), await signed(builderClaims(), { iat: now, exp: now + 60 }))).toBe(200);
    expect(await status(tourPath(), await signed(builderClaims(), { iat: now }))).toBe(401);
    expect(await status(tourPath(), await signed(builderClaims(), { exp: now + 60 }))).toBe(401);
    const long = await signed(builderClaims(), { iat: now, exp: now + builderTokenSeconds + 1 });
    expect(await status(tourPath(), long)).toBe(401);
  });
});
