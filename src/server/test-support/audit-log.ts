import type { SQL } from "bun";

/** The audit actions recorded about `entityId`, oldest first. */
export async function auditActions(sql: SQL, entityId: string): Promise<string[]> {
  const rows = await sql`SELECT action FROM audit_log WHERE entity_id = ${entityId} ORDER BY created_at, id`;
  return rows.map((row: { action: string }) => row.action);
}
