import type { SQL } from "bun";
import type { ChecklistStatus } from "../../../shared/outbound-api.ts";
import { hmacSha256 } from "../../auth/native-crypto.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";

/**
 * Checklist instances (table widget_checklists). A checklist without a shared key belongs to one
 * session. With a shared key, every session of the project that opens it works on one instance: its
 * state lives in one row whose id is derived from (outbound, key), and every other session that uses
 * it gets a membership row of its own, which says whom to push updates to and holds no state.
 */
export interface ChecklistInstance {
  id: string;
  outboundId: string;
  /** The session that owns it, or for a shared one the session that opened it first. */
  sessionId: string;
  sharedKey: string;
  completedSteps: string[];
  status: ChecklistStatus;
  createdAt: string;
  updatedAt: string;
}

interface ChecklistRow extends RecordRow {
  outbound_id: string;
  session_id: string;
  shared_key: string;
  completed_steps: string;
  status: string;
}

const checklistColumns = "id outbound_id session_id shared_key completed_steps status created_at updated_at";

function fromRow(row: ChecklistRow): ChecklistInstance {
  return {
    ...rowFields(row, checklistColumns),
    completedSteps: JSON.parse(row.completed_steps) as string[],
    status: row.status === "done" ? "done" : "open",
  };
}

/**
 * The id of a shared instance. Derived rather than drawn, so two sessions opening it at the same time
 * insert the same primary key and one insert wins. Keyed with the server secret, so the id cannot be
 * worked out without knowing the shared key.
 */
export function sharedChecklistId(secret: string, outboundId: string, sharedKey: string): string {
  const hex = hmacSha256(secret, `${outboundId}\n${sharedKey}`, "hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Creates the session's instance of a checklist outbound, or finds the one it has; answers its id. */
export async function openChecklist(
  sql: SQL,
  secret: string,
  input: { outboundId: string; sessionId: string; sharedKey: string },
): Promise<string> {
  const { outboundId, sessionId, sharedKey } = input;
  const now = new Date().toISOString();
  if (sharedKey === "") {
    await sql`INSERT INTO widget_checklists (id, outbound_id, session_id, shared_key, created_at, updated_at)
      VALUES (${Bun.randomUUIDv7()}, ${outboundId}, ${sessionId}, ${""}, ${now}, ${now})
      ON CONFLICT DO NOTHING`;
    const [row] = await sql`SELECT id FROM widget_checklists
      WHERE outbound_id = ${outboundId} AND session_id = ${sessionId} AND shared_key = ${""}`;
    if (!row) throw new Error(`Checklist of outbound ${outboundId} vanished while it was opened`);
    return (row as { id: string }).id;
  }
  const id = sharedChecklistId(secret, outboundId, sharedKey);
  const insertShared = () => sql`INSERT INTO widget_checklists
      (id, outbound_id, session_id, shared_key, created_at, updated_at)
    VALUES (${id}, ${outboundId}, ${sessionId}, ${sharedKey}, ${now}, ${now})
    ON CONFLICT DO NOTHING`;
  await insertShared();
  const [exists] = await sql`SELECT id FROM widget_checklists WHERE id = ${id}`;
  if (!exists) {
    // The instance went away with the session that held it (sessions cascade), while this session's
    // membership row stayed and blocked the insert: the member takes the instance over, fresh.
    await sql`DELETE FROM widget_checklists
      WHERE outbound_id = ${outboundId} AND session_id = ${sessionId} AND shared_key = ${sharedKey}`;
    await insertShared();
  }
  await joinSharedChecklist(sql, { outboundId, sessionId, sharedKey });
  return id;
}

/** Makes the session a user of a shared instance (a no-op when it is one already). */
export async function joinSharedChecklist(
  sql: SQL,
  input: { outboundId: string; sessionId: string; sharedKey: string },
): Promise<void> {
  const now = new Date().toISOString();
  await sql`INSERT INTO widget_checklists (id, outbound_id, session_id, shared_key, created_at, updated_at)
    VALUES (${Bun.randomUUIDv7()}, ${input.outboundId}, ${input.sessionId}, ${input.sharedKey}, ${now}, ${now})
    ON CONFLICT DO NOTHING`;
}

/** A checklist instance by id. Membership rows of shared instances are not instances. */
export async function findChecklist(sql: SQL, secret: string, id: string): Promise<ChecklistInstance | null> {
  const [row] = await sql`SELECT * FROM widget_checklists WHERE id = ${id}`;
  if (!row) return null;
  const checklist = fromRow(row as ChecklistRow);
  if (
    checklist.sharedKey !== "" &&
    checklist.id !== sharedChecklistId(secret, checklist.outboundId, checklist.sharedKey)
  )
    return null;
  return checklist;
}

/** Every session that uses the instance: its owner, or all members of a shared one. */
export async function checklistSessionIds(sql: SQL, checklist: ChecklistInstance): Promise<string[]> {
  if (checklist.sharedKey === "") return [checklist.sessionId];
  const rows = await sql`SELECT DISTINCT session_id FROM widget_checklists
    WHERE outbound_id = ${checklist.outboundId} AND shared_key = ${checklist.sharedKey}`;
  return (rows as Array<{ session_id: string }>).map((row) => row.session_id);
}

/** The sessions using the instance with their widget's language, so each hears of a change in its own. */
export async function checklistSessionLanguages(
  sql: SQL,
  checklist: ChecklistInstance,
): Promise<Array<{ id: string; lang: string | null }>> {
  const ids = await checklistSessionIds(sql, checklist);
  const rows = (await sql`SELECT id, lang FROM widget_sessions WHERE id IN ${sql(ids)}`) as Array<{
    id: string;
    lang: string | null;
  }>;
  const known = new Map(rows.map((row) => [row.id, row.lang]));
  return ids.map((id) => ({ id, lang: known.get(id) ?? null }));
}

export interface ChecklistProgress {
  /** Step ids to add to the completed ones. */
  completeSteps: string[];
  markDone: boolean;
  /** All step ids of the outbound: when every one is completed, the checklist is done. */
  allSteps: string[];
}

// Concurrent updates of one instance are rare (two tabs, two teammates); a few rounds settle them.
const maxAttempts = 5;

/**
 * Merges steps into the instance and moves it to done when complete. Compare-and-swap on the stored
 * state, retried on a lost race, so two steps checked at once are both kept on either engine without
 * holding a lock across the read.
 */
export async function applyChecklistProgress(
  sql: SQL,
  checklist: ChecklistInstance,
  progress: ChecklistProgress,
): Promise<{ checklist: ChecklistInstance; changed: boolean }> {
  let current = checklist;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const completed = [...current.completedSteps];
    for (const step of progress.completeSteps) if (!completed.includes(step)) completed.push(step);
    const allDone = progress.allSteps.every((step) => completed.includes(step));
    const status: ChecklistStatus =
      current.status === "done" || progress.markDone || allDone ? "done" : "open";
    if (status === current.status && completed.length === current.completedSteps.length)
      return { checklist: current, changed: false };
    const now = new Date().toISOString();
    const updated = await sql`UPDATE widget_checklists
      SET completed_steps = ${JSON.stringify(completed)}, status = ${status}, updated_at = ${now}
      WHERE id = ${current.id} AND completed_steps = ${JSON.stringify(current.completedSteps)}
        AND status = ${current.status}
      RETURNING *`;
    if (updated.length > 0) return { checklist: fromRow(updated[0] as ChecklistRow), changed: true };
    const [row] = await sql`SELECT * FROM widget_checklists WHERE id = ${current.id}`;
    if (!row) throw new Error(`Checklist ${current.id} was deleted while it was updated`);
    current = fromRow(row as ChecklistRow);
  }
  throw new Error(`Checklist ${checklist.id} kept changing; gave up after ${maxAttempts} attempts`);
}
