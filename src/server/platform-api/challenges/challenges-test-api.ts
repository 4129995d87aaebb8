import { expect } from "bun:test";
import type { SQL } from "bun";
import { createUser } from "../../auth/users-repository.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/** A test server with the seeded admin's token and a USER's token, plus a JSON client for the API. */
export interface ChallengesTestApi {
  server: TestServer;
  sql: SQL;
  adminToken: string;
  adminId: string;
  userToken: string;
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Response>;
  /** Calls and expects `status`, answering the parsed JSON body. */
  expectJson<T>(
    method: string,
    path: string,
    body: unknown,
    status: number,
    token?: string | null,
  ): Promise<T>;
  logIn(login: string, password: string): Promise<string>;
  /** Creates another ADMIN and answers its id and token. */
  newAdmin(name: string): Promise<{ id: string; token: string }>;
  dispose(): Promise<void>;
}

export async function startChallengesTestApi(): Promise<ChallengesTestApi> {
  const server = await startTestServer();
  const sql = server.db.sql;
  const main = server.mainUrl;

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    const bearer = token === undefined ? api.adminToken : token;
    if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch(`${main}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  async function logIn(login: string, password: string): Promise<string> {
    const response = await fetch(`${main}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const api: ChallengesTestApi = {
    server,
    sql,
    adminToken: "",
    adminId: "",
    userToken: "",
    call,
    async expectJson<T>(method: string, path: string, body: unknown, status: number, token?: string | null) {
      const response = await call(method, path, body, token);
      const text = await response.text();
      if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as T;
    },
    logIn,
    async newAdmin(name: string) {
      const email = `${name.toLowerCase()}@example.com`;
      const user = await createUser(sql, { name, email, password: `${name}-password`, role: "ADMIN" });
      return { id: user.id, token: await logIn(email, `${name}-password`) };
    },
    dispose: () => server.dispose(),
  };
  api.adminToken = await logIn("admin@example.com", "admin");
  const [admin] = await sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  api.adminId = admin.id;
  await createUser(sql, {
    name: "Member",
    email: "member@example.com",
    password: "member-password",
    role: "USER",
  });
  api.userToken = await logIn("member@example.com", "member-password");
  return api;
}

/** Inserts a root skill with sub-skills straight into the tables (the skills API belongs elsewhere). */
export async function insertSkills(sql: SQL, rootId: string, subSkills: Array<{ id: string; name: string }>) {
  const now = new Date().toISOString();
  await sql`INSERT INTO root_skills (id, name, grid_row, grid_column, created_at, updated_at)
    VALUES (${rootId}, ${`Root ${rootId}`}, 0, 0, ${now}, ${now})`;
  for (const [index, skill] of subSkills.entries()) {
    await sql`INSERT INTO sub_skills (id, root_id, name, grid_row, grid_column, created_at, updated_at)
      VALUES (${skill.id}, ${rootId}, ${skill.name}, 0, ${index}, ${now}, ${now})`;
  }
}

export interface AuditRow {
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: string;
}

export async function auditFor(sql: SQL, entityId: string): Promise<AuditRow[]> {
  return (await sql`SELECT actor_id, action, entity, entity_id, details FROM audit_log
    WHERE entity_id = ${entityId} ORDER BY created_at, id`) as AuditRow[];
}

/** The 401 and 403 answers every admin endpoint gives. */
export async function expectAdminOnly(api: ChallengesTestApi, method: string, path: string, body?: unknown) {
  const anonymous = await api.call(method, path, body, null);
  expect(anonymous.status).toBe(401);
  expect(((await anonymous.json()) as { error: string }).error).toBe(
    "Sign in first: the request has no bearer token",
  );
  const member = await api.call(method, path, body, api.userToken);
  expect(member.status).toBe(403);
  expect(await member.json()).toEqual({ error: "You are not authorized to use this dashboard." });
}
