import type { SQL } from "bun";
import { createUser } from "../auth/users-repository.ts";
import { callApi, logIn as logInAt } from "./api-calls.ts";
import { testPasswords } from "./test-passwords.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/** A test server with the seeded admin's token and a USER's token, plus a JSON client for the API. */
export interface AdminApiTestClient {
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
  /** `POST {path}` as the admin, expecting a 201: the created record. */
  create<T>(path: string, body: unknown): Promise<T>;
  /** `GET {path}`, expecting a 200: the parsed JSON body. */
  getJson<T>(path: string, token?: string | null): Promise<T>;
  logIn(login: string, password: string): Promise<string>;
  /** Creates another ADMIN and answers its id and token. */
  newAdmin(name: string): Promise<{ id: string; token: string }>;
  dispose(): Promise<void>;
}

/** A fresh ADMIN named `name`, signed in: its id and token. */
export async function newAdmin(server: TestServer, name: string): Promise<{ id: string; token: string }> {
  const email = `${name.toLowerCase()}@example.com`;
  const user = await createUser(
    server.db.sql,
    { name, email, password: `${name}-password`, role: "ADMIN" },
    testPasswords,
  );
  return { id: user.id, token: await logInAt(server.mainUrl, email, `${name}-password`) };
}

export async function startAdminApiTestClient(): Promise<AdminApiTestClient> {
  const server = await startTestServer();
  const sql = server.db.sql;
  const main = server.mainUrl;

  const call = (method: string, path: string, body?: unknown, token?: string | null) =>
    callApi(main, method, path, body, token === undefined ? api.adminToken : token);
  const logIn = (login: string, password: string) => logInAt(main, login, password);

  async function expectJson<T>(
    method: string,
    path: string,
    body: unknown,
    status: number,
    token?: string | null,
  ): Promise<T> {
    const response = await call(method, path, body, token);
    const text = await response.text();
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  const api: AdminApiTestClient = {
    server,
    sql,
    adminToken: "",
    adminId: "",
    userToken: "",
    call,
    expectJson,
    create: <T>(path: string, body: unknown) => expectJson<T>("POST", path, body, 201),
    getJson: <T>(path: string, token?: string | null) => expectJson<T>("GET", path, undefined, 200, token),
    logIn,
    newAdmin: (name: string) => newAdmin(server, name),
    dispose: () => server.dispose(),
  };
  api.adminToken = await logIn("admin@example.com", "admin");
  const [admin] = await sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  api.adminId = admin.id;
  await createUser(
    sql,
    {
      name: "Member",
      email: "member@example.com",
      password: "member-password",
      role: "USER",
    },
    testPasswords,
  );
  api.userToken = await logIn("member@example.com", "member-password");
  return api;
}
