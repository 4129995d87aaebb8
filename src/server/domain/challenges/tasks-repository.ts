import type { SQL } from "bun";
import type {
  TaskContent,
  TaskDetail,
  TaskFields,
  TaskKind,
  TaskRequest,
} from "../../../shared/challenges-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { recordChange, recordDeletion } from "../audit/audit-log.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import { taskSummary } from "./challenges-repository.ts";

export const taskSortColumns = {
  createdAt: "t.created_at",
  xp: "t.xp",
  coins: "t.coins",
  fee: "t.fee",
  kind: "t.kind",
};

export interface TaskFilters {
  challengeId?: string;
  kind?: TaskKind;
  enabled?: boolean;
  creatorId?: string;
}

interface TaskRow extends RecordRow {
  challenge_id: string;
  challenge_title: string;
  kind: TaskKind;
  title: string;
  creator_id: string | null;
  creator_name: string | null;
  xp: number | string;
  coins: number | string;
  fee: number | string;
  enabled: boolean | number;
  retired: boolean | number;
  content: string;
  positive_ratings: number | string;
  negative_ratings: number | string;
}

const taskSelect = `t.id, t.challenge_id, c.title AS challenge_title, t.kind, t.title, t.creator_id,
  u.name AS creator_name, t.xp, t.coins, t.fee, t.enabled, t.retired, t.content, t.positive_ratings,
  t.negative_ratings, t.created_at, t.updated_at`;

// The creator is joined on the task's own creator_id: the original looked it up by another id.
const taskFrom = (sql: SQL) => sql`tasks t
  JOIN challenges c ON c.id = t.challenge_id
  LEFT JOIN users u ON u.id = t.creator_id`;

function taskFields(row: TaskRow): TaskFields {
  return {
    ...taskSummary(row),
    challenge: { id: row.challenge_id, title: row.challenge_title },
    creator: row.creator_id === null ? null : { id: row.creator_id, name: row.creator_name ?? "" },
    positiveRatings: Number(row.positive_ratings),
    negativeRatings: Number(row.negative_ratings),
    ...rowFields(row, "created_at updated_at"),
  };
}

export async function listTasks(
  sql: SQL,
  query: ListQuery,
  filters: TaskFilters,
): Promise<{ items: TaskFields[]; total: number }> {
  const where = [
    query.search ? sql`lower(t.title) LIKE ${containsPattern(query.search)} ESCAPE '\\'` : null,
    filters.challengeId ? sql`t.challenge_id = ${filters.challengeId}` : null,
    filters.kind ? sql`t.kind = ${filters.kind}` : null,
    filters.enabled === undefined ? null : sql`t.enabled = ${filters.enabled}`,
    filters.creatorId ? sql`t.creator_id = ${filters.creatorId}` : null,
  ].filter((condition) => condition !== null);
  return listItems(sql, {
    select: taskSelect,
    from: taskFrom(sql),
    where,
    query,
    tieBreaker: "t.id",
    toItem: taskFields,
  });
}

export async function findTask(sql: SQL, id: string): Promise<TaskDetail | null> {
  const [row] = await sql`SELECT ${sql.unsafe(taskSelect)} FROM ${taskFrom(sql)} WHERE t.id = ${id}`;
  if (!row) return null;
  return { ...taskFields(row), content: JSON.parse(row.content) as TaskContent };
}

/** Creates a task in a challenge by `actorId`; null when the challenge does not exist. */
export async function insertTask(
  sql: SQL,
  actorId: string,
  challengeId: string,
  input: TaskRequest,
): Promise<{ id: string } | null> {
  return sql.begin(async (tx) => {
    const [challenge] = await tx`SELECT id FROM challenges WHERE id = ${challengeId}`;
    if (!challenge) return null;
    // Time-ordered and monotonic within the process: tasks list in creation order (created_at, id)
    // even when two are added in the same millisecond.
    const id = Bun.randomUUIDv7();
    const now = new Date().toISOString();
    const title = input.title.trim();
    await tx`INSERT INTO tasks (id, challenge_id, kind, title, creator_id, xp, coins, fee, enabled, retired, content,
        created_at, updated_at)
      VALUES (${id}, ${challengeId}, ${input.kind}, ${title}, ${actorId}, ${input.xp}, ${input.coins}, ${input.fee},
        ${input.enabled}, ${input.retired}, ${JSON.stringify(input.content)}, ${now}, ${now})`;
    await recordChange(tx, actorId, "create", "task", id, { challengeId, kind: input.kind, title });
    return { id };
  });
}

/** Replaces a task's fields and content; false when it does not exist. Creator and ratings stay. */
export async function updateTask(
  sql: SQL,
  actorId: string,
  id: string,
  input: TaskRequest,
): Promise<boolean> {
  const title = input.title.trim();
  return sql.begin(async (tx) => {
    // The admin's `enabled` is a choice of their own: resolving the task's reports no longer overrides it.
    const updated = await tx`UPDATE tasks SET kind = ${input.kind}, title = ${title}, xp = ${input.xp},
        coins = ${input.coins}, fee = ${input.fee}, enabled = ${input.enabled}, retired = ${input.retired},
        content = ${JSON.stringify(input.content)}, hidden_by_reports = ${false},
        updated_at = ${new Date().toISOString()}
      WHERE id = ${id} RETURNING id`;
    if (updated.length === 0) return false;
    await recordChange(tx, actorId, "update", "task", id, { kind: input.kind, title });
    return true;
  });
}

/** Deletes a task; reports filed against it keep their snapshot (their task_id becomes null). */
export async function deleteTask(sql: SQL, actorId: string, id: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [task] = await tx`SELECT challenge_id, kind, title FROM tasks WHERE id = ${id}`;
    if (!task) return false;
    await tx`DELETE FROM tasks WHERE id = ${id}`;
    await recordDeletion(tx, actorId, "task", id, {
      challengeId: task.challenge_id,
      kind: task.kind,
      title: task.title,
    });
    return true;
  });
}
