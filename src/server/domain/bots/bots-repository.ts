import type { SQL } from "bun";
import type { AdminBot, Bot, BotStep, BotWrite } from "../../../shared/messenger-api.ts";
import { containsPattern, type ListQuery, listPage } from "../../http/list-query.ts";
import {
  contentStatus,
  notFound,
  nowIso,
  optionalUrl,
  parseJson,
  textKey,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { sanitizeHtml } from "../rich-text/html-sanitizer.ts";

/** Bots (table bots): scripted steps the messenger walks through, ending in a handover. */

interface BotRow {
  id: string;
  name: string;
  avatar_url: string | null;
  steps: string;
  status: string;
  created_at: string;
  updated_at: string;
}

function fromRow(row: BotRow): AdminBot {
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url,
    steps: parseJson<BotStep[]>(row.steps, []),
    status: contentStatus(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const widgetBot = (bot: AdminBot): Bot => ({
  id: bot.id,
  name: bot.name,
  avatarUrl: bot.avatarUrl,
  steps: bot.steps,
});

export const botNotFoundMessage = "Bot not found";

function columns(body: BotWrite) {
  // Step texts are HTML: only the allowed tags are kept.
  const steps = body.steps.map((step) =>
    step.text === undefined ? step : { ...step, text: sanitizeHtml(step.text) },
  );
  return {
    name: body.name.trim(),
    name_key: textKey(body.name),
    avatar_url: optionalUrl(body.avatarUrl),
    steps: JSON.stringify(steps),
    status: body.status,
  };
}

export async function findBot(sql: SQL, projectId: string, id: string): Promise<AdminBot | null> {
  const [row] = await sql`SELECT * FROM bots WHERE id = ${id} AND project_id = ${projectId}`;
  return row ? fromRow(row as BotRow) : null;
}

export async function findLiveBot(sql: SQL, projectId: string, id: string): Promise<AdminBot | null> {
  const bot = await findBot(sql, projectId, id);
  return bot?.status === "live" ? bot : null;
}

export const botSortColumns: Record<string, string> = {
  name: "name_key",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export async function listBots(sql: SQL, projectId: string, query: ListQuery) {
  const where = [sql`project_id = ${projectId}`];
  if (query.search) where.push(sql`name_key LIKE ${containsPattern(query.search)} ESCAPE '\\'`);
  const status = query.params.get("status");
  if (status) where.push(sql`status = ${status}`);
  const { rows, total } = await listPage<BotRow>(sql, {
    select: "*",
    from: sql`bots`,
    where,
    query,
    tieBreaker: "id",
  });
  return { items: rows.map(fromRow), total };
}

export async function insertBot(
  sql: SQL,
  projectId: string,
  body: BotWrite,
  id: string = Bun.randomUUIDv7(),
): Promise<WriteOutcome> {
  const now = nowIso();
  await sql`INSERT INTO bots ${sql({ id, project_id: projectId, ...columns(body), created_at: now, updated_at: now })}`;
  return { ok: true, id };
}

export async function updateBot(
  sql: SQL,
  projectId: string,
  id: string,
  body: BotWrite,
): Promise<WriteOutcome> {
  const updated = await sql`UPDATE bots SET ${sql({ ...columns(body), updated_at: nowIso() })}
    WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return updated.length > 0 ? { ok: true, id } : notFound(botNotFoundMessage);
}

/** Deletes a bot; conversations it handed over keep their messages and lose the reference. */
export async function deleteBot(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  // Explicit rather than through the foreign key, so the outcome does not hang on SQLite's setting.
  await sql`UPDATE conversations SET bot_id = NULL WHERE bot_id = ${id} AND project_id = ${projectId}`;
  const deleted = await sql`DELETE FROM bots WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return deleted.length > 0 ? { ok: true, id } : notFound(botNotFoundMessage);
}
