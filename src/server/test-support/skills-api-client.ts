import { startAdminApiTestClient } from "./admin-api-client.ts";
import { type Answer as ApiAnswer, readAnswer } from "./api-calls.ts";
import type { TestServer } from "./test-server.ts";

export type Answer<T = Record<string, unknown>> = ApiAnswer<T>;

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
  dispose(): Promise<void>;
}

export async function startSkillsTestClient(): Promise<SkillsTestClient> {
  const api = await startAdminApiTestClient();
  const server = api.server;
  return {
    server,
    adminToken: api.adminToken,
    userToken: api.userToken,
    async call<T>(method: string, path: string, body?: unknown, token: string | null = api.adminToken) {
      return readAnswer<T>(await api.call(method, path, body, token));
    },
    async callRaw(method: string, path: string, raw: string) {
      return readAnswer<Record<string, unknown>>(await api.call(method, path, raw));
    },
    async auditEntries(entity: string, entityId: string) {
      const rows = (await server.db.sql`SELECT action, details FROM audit_log
        WHERE entity = ${entity} AND entity_id = ${entityId} ORDER BY created_at, id`) as Array<{
        action: string;
        details: string;
      }>;
      return rows.map((row) => ({ action: row.action, details: JSON.parse(row.details) }));
    },
    dispose: () => api.dispose(),
  };
}
