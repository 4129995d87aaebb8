import type { Row } from "./bulk-insert.ts";
import { iso } from "./demo-clock.ts";
import type { Random } from "./random.ts";
import type { DemoUser } from "./users.ts";

/** An audit_log row as `recordAudit` writes it, at a given moment of the demo history. */
export function auditRow(
  random: Random,
  entry: {
    actorId: string | null;
    action: string;
    entity: string;
    entityId: string | null;
    details: unknown;
    at: number;
  },
): Row {
  return {
    id: random.uuid(),
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    details: JSON.stringify(entry.details),
    created_at: iso(entry.at),
  };
}

/** An admin whose account existed at `at` (the oldest admin when none did yet). */
export function adminAt(random: Random, admins: readonly DemoUser[], at: number): DemoUser {
  const existing = admins.filter((admin) => admin.createdAt <= at);
  if (existing.length > 0) return random.pick(existing);
  return admins.reduce((oldest, admin) => (admin.createdAt < oldest.createdAt ? admin : oldest));
}

/** "Created by an admin" entries for rows with an `id` and a `created_at`, by admins of the time. */
export function creationAudit(
  random: Random,
  admins: readonly DemoUser[],
  rows: readonly Row[],
  entry: { action: string; entity: string; details: (row: Row) => unknown },
): Row[] {
  return rows.map((row) => {
    const at = Date.parse(String(row.created_at));
    return auditRow(random, {
      actorId: adminAt(random, admins, at).id,
      action: entry.action,
      entity: entry.entity,
      entityId: String(row.id),
      details: entry.details(row),
      at,
    });
  });
}
