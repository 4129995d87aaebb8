import type { SQL } from "bun";
import { recordAudit } from "../domain/audit/audit-log.ts";

type AuditEntry = Parameters<typeof recordAudit>[1];

/**
 * Runs `write` and, when it succeeded, records the audit entry `entry` makes of it, in one
 * transaction: a refused write leaves no entry, and an entry that cannot be written undoes the write.
 */
export function auditedWrite<Written extends { ok: boolean }>(
  sql: SQL,
  write: (tx: SQL) => Promise<Written>,
  entry: (written: Extract<Written, { ok: true }>) => AuditEntry,
): Promise<Written> {
  return sql.begin(async (tx) => {
    const written = await write(tx);
    if (written.ok) await recordAudit(tx, entry(written as Extract<Written, { ok: true }>));
    return written;
  });
}

/**
 * Creates (`POST`) or updates (`PUT`) a record with `write`, audited as `{entity}.create` or
 * `{entity}.update` of the record written, in one transaction (see auditedWrite).
 */
export function auditedSave<Written extends { ok: true; id: string } | { ok: false }>(
  sql: SQL,
  method: "POST" | "PUT",
  write: (tx: SQL) => Promise<Written>,
  entry: { actorId: string; entity: string; details: unknown },
): Promise<Written> {
  const { actorId, entity, details } = entry;
  const action = `${entity}.${method === "POST" ? "create" : "update"}`;
  return auditedWrite(sql, write, (written) => ({ actorId, action, entity, entityId: written.id, details }));
}
