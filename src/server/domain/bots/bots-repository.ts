import type { SQL } from "bun";
import type { AdminBot, Bot, BotStep, BotWrite } from "../../../shared/bots-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { findProjectRecord, listProjectRecords, projectRowWrites } from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  contentStatus,
  liveOrNull,
  optionalUrl,
  parseJson,
  textKey,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { sanitizeHtml } from "../rich-text/html-sanitizer.ts";

/** Bots (table bots): scripted steps the messenger walks through, ending in a handover. */

interface BotRow extends RecordRow {
  name: string;
  avatar_url: string | null;
  steps: string;
  status: string;
}

function fromRow(row: BotRow): AdminBot {
  return {
    ...rowFields(row, "id name avatar_url steps status created_at updated_at"),
    steps: parseJson<BotStep[]>(row.steps, []),
    status: contentStatus(row.status),
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
  return findProjectRecord(sql, "bots", { projectId, id }, fromRow);
}

export async function findLiveBot(sql: SQL, projectId: string, id: string): Promise<AdminBot | null> {
  return liveOrNull(await findBot(sql, projectId, id));
}

export const botSortColumns: Record<string, string> = {
  name: "name_key",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export async function listBots(sql: SQL, projectId: string, query: ListQuery) {
  return listProjectRecords(sql, projectId, query, {
    table: "bots",
    searchColumns: ["name_key"],
    status: query.params.get("status"),
    toItem: fromRow,
  });
}

const botWrites = projectRowWrites("bots", columns, botNotFoundMessage);

export const { insert: insertBot, update: updateBot } = botWrites;

/** Deletes a bot; conversations it handed over keep their messages and lose the reference. */
export async function deleteBot(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  // Explicit rather than through the foreign key, so the outcome does not hang on SQLite's setting.
  await sql`UPDATE conversations SET bot_id = NULL WHERE bot_id = ${id} AND project_id = ${projectId}`;
  return botWrites.delete(sql, projectId, id);
}
