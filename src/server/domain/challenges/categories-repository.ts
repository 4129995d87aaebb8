import type { SQL } from "bun";
import type { ChallengeCategory, ChallengeCategoryRequest } from "../../../shared/challenges-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { recordChange, recordDeletion } from "../audit/audit-log.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";

export const categorySortColumns = {
  title: "lower(cc.title)",
  createdAt: "cc.created_at",
  challenges: "challenge_count",
};

interface CategoryRow extends RecordRow {
  title: string;
  information: string;
  challenge_count: number | string;
}

const categorySelect = `cc.id, cc.title, cc.information, cc.created_at, cc.updated_at,
  (SELECT count(*) FROM challenges c WHERE c.category_id = cc.id) AS challenge_count`;

function fromRow(row: CategoryRow): ChallengeCategory {
  return {
    ...rowFields(row, "id title information challenge_count created_at updated_at"),
    challengeCount: Number(row.challenge_count),
  };
}

export async function listCategories(
  sql: SQL,
  query: ListQuery,
): Promise<{ items: ChallengeCategory[]; total: number }> {
  const where = query.search ? [sql`lower(cc.title) LIKE ${containsPattern(query.search)} ESCAPE '\\'`] : [];
  return listItems(sql, {
    select: categorySelect,
    from: sql`challenge_categories cc`,
    where,
    query,
    tieBreaker: "cc.id",
    toItem: fromRow,
  });
}

export async function findCategory(sql: SQL, id: string): Promise<ChallengeCategory | null> {
  const [row] =
    await sql`SELECT ${sql.unsafe(categorySelect)} FROM challenge_categories cc WHERE cc.id = ${id}`;
  return row ? fromRow(row) : null;
}

export async function categoryExists(sql: SQL, id: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM challenge_categories WHERE id = ${id}`;
  return Boolean(row);
}

export async function insertCategory(
  sql: SQL,
  actorId: string,
  input: ChallengeCategoryRequest,
): Promise<ChallengeCategory> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const title = input.title.trim();
  await sql.begin(async (tx) => {
    await tx`INSERT INTO challenge_categories (id, title, information, created_at, updated_at)
      VALUES (${id}, ${title}, ${input.information}, ${now}, ${now})`;
    await recordChange(tx, actorId, "create", "challenge_category", id, { title });
  });
  return { id, title, information: input.information, challengeCount: 0, createdAt: now, updatedAt: now };
}

/** Answers false when the category does not exist. */
export async function updateCategory(
  sql: SQL,
  actorId: string,
  id: string,
  input: ChallengeCategoryRequest,
): Promise<boolean> {
  const title = input.title.trim();
  return sql.begin(async (tx) => {
    const updated = await tx`UPDATE challenge_categories
      SET title = ${title}, information = ${input.information}, updated_at = ${new Date().toISOString()}
      WHERE id = ${id} RETURNING id`;
    if (updated.length === 0) return false;
    await recordChange(tx, actorId, "update", "challenge_category", id, { title });
    return true;
  });
}

/**
 * Deletes a category; its challenges stay, uncategorised. The explicit update says so in the code
 * rather than leaning only on the foreign key's ON DELETE SET NULL.
 */
export async function deleteCategory(sql: SQL, actorId: string, id: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [category] = await tx`SELECT title FROM challenge_categories WHERE id = ${id}`;
    if (!category) return false;
    const released =
      await tx`UPDATE challenges SET category_id = NULL WHERE category_id = ${id} RETURNING id`;
    await tx`DELETE FROM challenge_categories WHERE id = ${id}`;
    await recordDeletion(tx, actorId, "challenge_category", id, {
      title: category.title,
      uncategorisedChallenges: released.length,
    });
    return true;
  });
}
