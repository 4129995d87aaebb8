import { expect } from "bun:test";
import type { SQL } from "bun";
import { createUser } from "../../auth/users-repository.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/** What the users tests share: a real server, the seeded admin's token and request helpers. */
export interface UsersTestContext {
  server: TestServer;
  sql: SQL;
  main: string;
  adminToken: string;
  adminId: string;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export const notAuthorized = { error: "You are not authorized to use this dashboard." };

export async function logIn(main: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${main}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function startUsersServer(): Promise<UsersTestContext> {
  const server = await startTestServer();
  const main = server.mainUrl;
  const adminToken = await logIn(main, "admin@example.com", "admin");
  const [admin] = await server.db.sql`SELECT id FROM users WHERE email = 'admin@example.com'`;
  return { server, sql: server.db.sql, main, adminToken, adminId: admin.id };
}

/** Sends a request; `token: null` sends none. A 204 answers a null body. */
export async function call<T = unknown>(
  context: UsersTestContext,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null } = {},
): Promise<Answer<T>> {
  const token = options.token === undefined ? context.adminToken : options.token;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${context.main}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as T };
}

export interface UserFields {
  name: string;
  email?: string | null;
  role?: "ADMIN" | "USER";
  enabled?: boolean;
  emailVerified?: boolean;
  mfaEnabled?: boolean;
  newsletter?: boolean;
  balance?: number;
  xp?: number;
  createdAt?: string;
  lastLoginAt?: string | null;
}

/** Inserts an account directly (no password hashing: it cannot sign in). */
export async function insertUser(sql: SQL, fields: UserFields): Promise<string> {
  const id = crypto.randomUUID();
  const email = fields.email === undefined ? `${fields.name.toLowerCase()}@example.com` : fields.email;
  await sql`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified,
      mfa_enabled, newsletter, balance, xp, created_at, last_login_at)
    VALUES (${id}, ${fields.name}, ${fields.name.toLowerCase()}, ${email}, ${"not-a-hash"},
      ${fields.role ?? "USER"}, ${fields.enabled ?? true}, ${fields.emailVerified ?? false},
      ${fields.mfaEnabled ?? false}, ${fields.newsletter ?? false}, ${fields.balance ?? 0}, ${fields.xp ?? 0},
      ${fields.createdAt ?? new Date().toISOString()}, ${fields.lastLoginAt ?? null})`;
  return id;
}

/** An account that can sign in, with its token. */
export async function signedInUser(
  context: UsersTestContext,
  name: string,
  role: "ADMIN" | "USER" = "USER",
): Promise<{ id: string; token: string }> {
  const password = `${name}-password`;
  const user = await createUser(context.sql, {
    name,
    email: `${name.toLowerCase()}@example.com`,
    password,
    role,
    emailVerified: true,
  });
  return { id: user.id, token: await logIn(context.main, name, password) };
}

/** Status and body together, the body untyped, for comparing a refusal in one assertion. */
export const outcome = (answer: Answer<unknown>) => ({ status: answer.status, body: answer.body as unknown });
