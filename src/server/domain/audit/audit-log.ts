import type { SQL } from "bun";

/** Records an admin action (who did what to which record); read by the dashboard's recent activity. */
export async function recordAudit(
  sql: SQL,
  entry: {
    actorId: string | null;
    action: string;
    entity: string;
    entityId?: string | null;
    details?: unknown;
  },
): Promise<void> {
  await sql`INSERT INTO audit_log (id, actor_id, action, entity, entity_id, details, created_at)
    VALUES (${Bun.randomUUIDv7()}, ${entry.actorId}, ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
      ${JSON.stringify(entry.details ?? {})}, ${new Date().toISOString()})`;
}

/** Records that an admin did `action` to `entity` `entityId`, with `details` of what they wrote. */
export function recordChange(
  sql: SQL,
  actorId: string | null,
  action: string,
  entity: string,
  entityId: string,
  details: unknown,
): Promise<void> {
  return recordAudit(sql, { actorId, action, entity, entityId, details });
}

/** Records that an admin deleted `entity` `entityId` (action "delete"), with what the record was. */
export function recordDeletion(
  sql: SQL,
  actorId: string | null,
  entity: string,
  entityId: string,
  details: unknown,
): Promise<void> {
  return recordChange(sql, actorId, "delete", entity, entityId, details);
}
