import { expect } from "bun:test";
import type { SQL } from "bun";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminApiTestClient } from "./admin-api-client.ts";

export {
  type AdminApiTestClient as ChallengesTestApi,
  startAdminApiTestClient as startChallengesTestApi,
} from "./admin-api-client.ts";

/** One page of a list answer (`GET /api/challenges`, `/api/challenge-categories`, a challenge's tasks). */
export type Page<T> = ListPage<T>;

/** The API's timestamps: ISO 8601 in UTC with milliseconds. */
export const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

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
export async function expectAdminOnly(api: AdminApiTestClient, method: string, path: string, body?: unknown) {
  const anonymous = await api.call(method, path, body, null);
  expect(anonymous.status).toBe(401);
  expect(((await anonymous.json()) as { error: string }).error).toBe(
    "Sign in first: the request has no bearer token",
  );
  const member = await api.call(method, path, body, api.userToken);
  expect(member.status).toBe(403);
  expect(await member.json()).toEqual({ error: "You are not authorized to use this dashboard." });
}
