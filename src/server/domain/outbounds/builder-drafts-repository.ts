import type { SQL } from "bun";
import type { BuilderDraft } from "../../../shared/builder-drafts-api.ts";
import type { BuilderKind } from "../../../shared/builder-messages.ts";
import { parseJson } from "../repository-helpers.ts";

/** The builder's draft revisions (table builder_drafts, migration 013): one per tour or tooltip. */

interface DraftRow {
  kind: string;
  item_id: string;
  content: string;
  author_id: string | null;
  author_name: string | null;
  updated_at: string;
}

function draftFromRow(row: DraftRow): BuilderDraft {
  return {
    kind: row.kind === "tooltip" ? "tooltip" : "tour",
    itemId: row.item_id,
    content: parseJson<BuilderDraft["content"]>(row.content, { steps: [] }),
    savedAt: row.updated_at,
    savedBy: row.author_id ? { id: row.author_id, name: row.author_name ?? "" } : null,
  };
}

export interface DraftKey {
  kind: BuilderKind;
  projectId: string;
  itemId: string;
}

export async function findBuilderDraft(sql: SQL, key: DraftKey): Promise<BuilderDraft | null> {
  const [row] =
    await sql`SELECT d.kind, d.item_id, d.content, d.author_id, d.updated_at, u.name AS author_name
    FROM builder_drafts d LEFT JOIN users u ON u.id = d.author_id
    WHERE d.kind = ${key.kind} AND d.item_id = ${key.itemId} AND d.project_id = ${key.projectId}`;
  return row ? draftFromRow(row as DraftRow) : null;
}

/** Stores the builder's draft of an item, replacing the one it had. */
export async function saveBuilderDraft(
  sql: SQL,
  key: DraftKey,
  content: BuilderDraft["content"],
  authorId: string,
): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify(content);
  await sql`INSERT INTO builder_drafts (kind, item_id, project_id, content, author_id, created_at, updated_at)
    VALUES (${key.kind}, ${key.itemId}, ${key.projectId}, ${text}, ${authorId}, ${now}, ${now})
    ON CONFLICT (kind, item_id) DO UPDATE
      SET content = ${text}, author_id = ${authorId}, updated_at = ${now}`;
}

/**
 * Removes an item's draft; false when it had none. With `savedAt`, only the draft saved then: the one
 * an admin looked at, not one the builder saved since.
 */
export async function deleteBuilderDraft(sql: SQL, key: DraftKey, savedAt?: string): Promise<boolean> {
  const saved = savedAt === undefined ? sql`` : sql`AND updated_at = ${savedAt}`;
  const deleted = await sql`DELETE FROM builder_drafts
    WHERE kind = ${key.kind} AND item_id = ${key.itemId} AND project_id = ${key.projectId} ${saved}
    RETURNING item_id`;
  return deleted.length > 0;
}

/** Removes an item's draft with the item (drafts are kept apart from it, so nothing cascades). */
export async function deleteItemDrafts(sql: SQL, kind: BuilderKind, itemId: string): Promise<void> {
  await sql`DELETE FROM builder_drafts WHERE kind = ${kind} AND item_id = ${itemId}`;
}
