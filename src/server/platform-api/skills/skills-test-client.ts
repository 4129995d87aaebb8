import { expect } from "bun:test";
import { createUser } from "../../auth/users-repository.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A test server with an admin and a USER signed in, and a JSON client for the skill tree API. */
export interface SkillsTestClient {
  server: TestServer;
  adminToken: string;
  userToken: string;
  /** Calls the API as the admin unless `token` says otherwise (null: no Authorization header). */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<Answer<T>>;
  /** Sends `raw` as the body as it is, for malformed JSON. */
  callRaw(method: string, path: string, raw: string): Promise<Answer>;
  auditEntries(entity: string, entityId: string): Promise<Array<{ action: string; details: unknown }>>;
}

async function logIn(main: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${main}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as T };
}

export async function startSkillsTestClient(): Promise<SkillsTestClient> {
  const server = await startTestServer();
  const main = server.mainUrl;
  await createUser(server.db.sql, {
    name: "Member",
    email: "member@example.com",
    password: "member-password",
    role: "USER",
  });
  const adminToken = await logIn(main, "admin@example.com", "admin");
  const userToken = await logIn(main, "member@example.com", "member-password");
  return {
    server,
    adminToken,
    userToken,
    async call<T>(method: string, path: string, body?: unknown, token: string | null = adminToken) {
      const headers: Record<string, string> = {};
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const response = await fetch(`${main}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer<T>(response);
    },
    async callRaw(method: string, path: string, raw: string) {
      const response = await fetch(`${main}${path}`, {
        method,
        headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
        body: raw,
      });
      return answer(response);
    },
    async auditEntries(entity: string, entityId: string) {
      const rows = (await server.db.sql`SELECT action, details FROM audit_log
        WHERE entity = ${entity} AND entity_id = ${entityId} ORDER BY created_at, id`) as Array<{
        action: string;
        details: string;
      }>;
      return rows.map((row) => ({ action: row.action, details: JSON.parse(row.details) }));
    },
  };
}
