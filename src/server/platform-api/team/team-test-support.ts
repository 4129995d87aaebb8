import type { SQL } from "bun";
import type { CreatedInvitation, StaffRole } from "../../../shared/team-api.ts";
import { createUser } from "../../auth/users-repository.ts";
import { callApi, logIn } from "../../test-support/api-calls.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/** A test server with the demo owner signed in, and the calls the team's tests make. */
export interface TeamTestServer {
  server: TestServer;
  sql: SQL;
  ownerId: string;
  ownerToken: string;
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Response>;
  /** Invites through the API as `token` (the owner by default), expecting 201. */
  invite(
    email: string,
    role: StaffRole,
    projectIds?: string[],
    token?: string,
  ): Promise<CreatedInvitation & { token: string }>;
  /** A signed-in staff account made directly, a member of `projectIds`. */
  staff(name: string, role: StaffRole, projectIds?: string[]): Promise<{ id: string; token: string }>;
  /** A new widget project (through the API) and its id. */
  project(name: string): Promise<string>;
  demoProjectId: string;
  dispose(): Promise<void>;
}

export async function startTeamServer(env: Record<string, string> = {}): Promise<TeamTestServer> {
  const server = await startTestServer(env);
  const sql = server.db.sql;
  const ownerToken = await logIn(server.mainUrl, "admin@example.com", "admin");
  const [owner] = await sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  const [demo] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  const call = (method: string, path: string, body?: unknown, token: string | null = ownerToken) =>
    callApi(server.mainUrl, method, path, body, token);
  return {
    server,
    sql,
    ownerId: String(owner.id),
    ownerToken,
    demoProjectId: String(demo.id),
    call,
    async invite(email, role, projectIds, token = ownerToken) {
      const response = await call("POST", "/api/invitations", { email, role, projectIds }, token);
      const text = await response.text();
      if (response.status !== 201) throw new Error(`invite ${email}: ${response.status} ${text}`);
      const created = JSON.parse(text) as CreatedInvitation;
      return { ...created, token: created.link?.split("/").at(-1) ?? "" };
    },
    async staff(name, role, projectIds = []) {
      const email = `${name.toLowerCase()}@example.com`;
      const user = await createUser(
        sql,
        { name, email, password: `${name}-password`, role: "ADMIN", staffRole: role, emailVerified: true },
        testPasswords,
      );
      for (const projectId of projectIds)
        await sql`INSERT INTO staff_project_members (user_id, project_id, created_at)
          VALUES (${user.id}, ${projectId}, ${new Date().toISOString()})`;
      return { id: user.id, token: await logIn(server.mainUrl, email, `${name}-password`) };
    },
    async project(name) {
      const response = await call("POST", "/api/projects", { name });
      if (response.status !== 201) throw new Error(`project ${name}: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    dispose: () => server.dispose(),
  };
}

/** The audit entries of `entityId` with `action`, oldest first, their details parsed. */
export async function auditEntries(
  sql: SQL,
  entityId: string,
  action: string,
): Promise<Array<{ actorId: string | null; details: Record<string, unknown> }>> {
  const rows = (await sql`SELECT actor_id, details FROM audit_log
    WHERE entity_id = ${entityId} AND action = ${action} ORDER BY created_at, id`) as Array<{
    actor_id: string | null;
    details: string;
  }>;
  return rows.map((row) => ({ actorId: row.actor_id, details: JSON.parse(row.details) }));
}
