import type { SQL } from "bun";
import type {
  ChallengeDetail,
  ChallengeDifficulty,
  ChallengeListItem,
  ChallengeRequest,
  ChallengeSkill,
  ChallengeStatus,
  TaskKind,
  TaskSummary,
} from "../../../shared/challenges-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { recordChange, recordDeletion } from "../audit/audit-log.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";

export const challengeSortColumns = {
  title: "lower(c.title)",
  createdAt: "c.created_at",
  tasks: "task_count",
  // Easiest first, not alphabetical.
  difficulty: "CASE c.difficulty WHEN 'EASY' THEN 1 WHEN 'MEDIUM' THEN 2 WHEN 'HARD' THEN 3 ELSE 4 END",
};

export interface ChallengeFilters {
  /** A category id, or `null` for the challenges without one. */
  categoryId?: string | null;
  difficulty?: ChallengeDifficulty;
  status?: ChallengeStatus;
}

interface ChallengeRow extends RecordRow {
  title: string;
  description: string;
  difficulty: ChallengeDifficulty;
  status: ChallengeStatus;
  category_id: string | null;
  category_title: string | null;
  creator_id: string | null;
  creator_name: string | null;
  task_count: number | string;
}

const challengeSelect = `c.id, c.title, c.description, c.difficulty, c.status, c.category_id,
  cc.title AS category_title, c.creator_id, u.name AS creator_name, c.created_at, c.updated_at,
  (SELECT count(*) FROM tasks t WHERE t.challenge_id = c.id) AS task_count`;

function listItem(row: ChallengeRow): ChallengeListItem {
  return {
    ...rowFields(row, "id title difficulty status"),
    category: row.category_id === null ? null : { id: row.category_id, title: row.category_title ?? "" },
    taskCount: Number(row.task_count),
    // The name comes from the join on creator_id; a deleted account leaves the challenge without one.
    creator: row.creator_id === null ? null : { id: row.creator_id, name: row.creator_name ?? "" },
    ...rowFields(row, "created_at updated_at"),
  };
}

export async function listChallenges(
  sql: SQL,
  query: ListQuery,
  filters: ChallengeFilters,
): Promise<{ items: ChallengeListItem[]; total: number }> {
  const where = [
    query.search ? sql`lower(c.title) LIKE ${containsPattern(query.search)} ESCAPE '\\'` : null,
    filters.categoryId === null ? sql`c.category_id IS NULL` : null,
    filters.categoryId ? sql`c.category_id = ${filters.categoryId}` : null,
    filters.difficulty ? sql`c.difficulty = ${filters.difficulty}` : null,
    filters.status ? sql`c.status = ${filters.status}` : null,
  ].filter((condition) => condition !== null);
  return listItems(sql, {
    select: challengeSelect,
    from: sql`challenges c
      LEFT JOIN challenge_categories cc ON cc.id = c.category_id
      LEFT JOIN users u ON u.id = c.creator_id`,
    where,
    query,
    tieBreaker: "c.id",
    toItem: listItem,
  });
}

export async function findChallenge(sql: SQL, id: string): Promise<ChallengeDetail | null> {
  const [row] = await sql`SELECT ${sql.unsafe(challengeSelect)} FROM challenges c
    LEFT JOIN challenge_categories cc ON cc.id = c.category_id
    LEFT JOIN users u ON u.id = c.creator_id
    WHERE c.id = ${id}`;
  if (!row) return null;
  const skills = await sql`SELECT s.id, s.name, s.root_id FROM challenge_skills cs
    JOIN sub_skills s ON s.id = cs.sub_skill_id
    WHERE cs.challenge_id = ${id} ORDER BY lower(s.name), s.id`;
  const tasks = await sql`SELECT id, kind, title, xp, coins, fee, enabled, retired FROM tasks
    WHERE challenge_id = ${id} ORDER BY created_at, id`;
  return {
    ...listItem(row),
    categoryId: row.category_id,
    description: row.description,
    skills: skills.map(
      (skill: { id: string; name: string; root_id: string }): ChallengeSkill => ({
        subSkillId: skill.id,
        name: skill.name,
        rootSkillId: skill.root_id,
      }),
    ),
    tasks: tasks.map(taskSummary),
  };
}

interface TaskSummaryRow {
  id: string;
  kind: TaskKind;
  title: string;
  xp: number | string;
  coins: number | string;
  fee: number | string;
  enabled: boolean | number;
  retired: boolean | number;
}

export function taskSummary(row: TaskSummaryRow): TaskSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    xp: Number(row.xp),
    coins: Number(row.coins),
    fee: Number(row.fee),
    enabled: Boolean(row.enabled),
    retired: Boolean(row.retired),
  };
}

export async function challengeExists(sql: SQL, id: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM challenges WHERE id = ${id}`;
  return Boolean(row);
}

/** Why a challenge body names records that do not exist, as `{ error, field }`. */
export type ReferenceProblem = { error: string; field: string };

/** Checks the category and sub-skills a challenge body refers to. */
async function checkReferences(sql: SQL, input: ChallengeRequest): Promise<ReferenceProblem | null> {
  if (input.categoryId !== null) {
    const [category] = await sql`SELECT id FROM challenge_categories WHERE id = ${input.categoryId}`;
    if (!category) return { error: "Challenge category not found", field: "categoryId" };
  }
  for (const skillId of uniqueSkillIds(input)) {
    const [skill] = await sql`SELECT id FROM sub_skills WHERE id = ${skillId}`;
    if (!skill) return { error: `Sub-skill ${skillId} not found`, field: "skillIds" };
  }
  return null;
}

const uniqueSkillIds = (input: ChallengeRequest) => [...new Set(input.skillIds.map((id) => id.trim()))];

async function writeSkills(sql: SQL, challengeId: string, input: ChallengeRequest): Promise<void> {
  await sql`DELETE FROM challenge_skills WHERE challenge_id = ${challengeId}`;
  for (const skillId of uniqueSkillIds(input)) {
    await sql`INSERT INTO challenge_skills (challenge_id, sub_skill_id) VALUES (${challengeId}, ${skillId})`;
  }
}

/** Creates a challenge by `actorId`, or answers which reference is missing. */
export async function insertChallenge(
  sql: SQL,
  actorId: string,
  input: ChallengeRequest,
): Promise<{ id: string } | ReferenceProblem> {
  return sql.begin(async (tx) => {
    const problem = await checkReferences(tx, input);
    if (problem) return problem;
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const title = input.title.trim();
    await tx`INSERT INTO challenges
        (id, category_id, title, description, difficulty, status, creator_id, created_at, updated_at)
      VALUES (${id}, ${input.categoryId}, ${title}, ${input.description}, ${input.difficulty}, ${input.status},
        ${actorId}, ${now}, ${now})`;
    await writeSkills(tx, id, input);
    await recordChange(tx, actorId, "create", "challenge", id, { title });
    return { id };
  });
}

/** Replaces a challenge's fields and skills; null when it does not exist. The creator stays. */
export async function updateChallenge(
  sql: SQL,
  actorId: string,
  id: string,
  input: ChallengeRequest,
): Promise<{ id: string } | ReferenceProblem | null> {
  return sql.begin(async (tx) => {
    const [existing] = await tx`SELECT id FROM challenges WHERE id = ${id}`;
    if (!existing) return null;
    const problem = await checkReferences(tx, input);
    if (problem) return problem;
    const title = input.title.trim();
    await tx`UPDATE challenges SET category_id = ${input.categoryId}, title = ${title},
        description = ${input.description}, difficulty = ${input.difficulty}, status = ${input.status},
        updated_at = ${new Date().toISOString()}
      WHERE id = ${id}`;
    await writeSkills(tx, id, input);
    await recordChange(tx, actorId, "update", "challenge", id, { title });
    return { id };
  });
}

/** Deletes a challenge with its tasks (reports on them keep their task snapshot). */
export async function deleteChallenge(sql: SQL, actorId: string, id: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [challenge] = await tx`SELECT title FROM challenges WHERE id = ${id}`;
    if (!challenge) return false;
    const [{ count }] = await tx`SELECT count(*) AS count FROM tasks WHERE challenge_id = ${id}`;
    await tx`DELETE FROM challenges WHERE id = ${id}`;
    await recordDeletion(tx, actorId, "challenge", id, {
      title: challenge.title,
      deletedTasks: Number(count),
    });
    return true;
  });
}
