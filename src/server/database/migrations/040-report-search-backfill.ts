import type { SQL } from "bun";
import { shortReportId } from "../../domain/feedback/feedback-repository.ts";
import type { PackedReportParts } from "../../domain/feedback/report-preparation.ts";
import { expandPartText } from "../../domain/feedback/stored-part-encoding.ts";
import {
  type ConversationDocument,
  insertConversationDocuments,
  insertReportDocuments,
  type ReportDocument,
} from "../../domain/search/search-documents.ts";
import {
  appendMessageText,
  keyValueText,
  messageSearchText,
  reportSearchText,
  searchTextLimits,
} from "../../domain/search/search-text.ts";

/**
 * Migration 040's backfill: a search document for every report and conversation stored before it,
 * built by the same code that indexes new ones. Rows are read in batches in the order they were
 * written (a report's place in the index is its recency). A part that cannot be read (a damaged
 * value) leaves its field empty rather than failing the upgrade.
 */

const batchSize = 500;

const parsed = (text: unknown): unknown => {
  if (typeof text !== "string") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

interface StoredReportRow {
  id: string;
  number: number | string;
  form_data: string;
  meta_data: string;
  console_log: string;
  network_logs: string;
  custom_data: string;
  packed_parts: Uint8Array | null;
  created_at: string;
}

/** The logs of a stored report: from `packed_parts` when they were packed, else from their columns. */
function logsOf(row: StoredReportRow): { consoleLog: unknown; networkLogs: unknown } {
  if (row.packed_parts !== null) {
    try {
      const parts = JSON.parse(expandPartText(row.packed_parts)) as Partial<PackedReportParts>;
      return { consoleLog: parts.consoleLog, networkLogs: parts.networkLogs };
    } catch {
      // Damaged or in a form this code does not know: the report is still found by everything else.
    }
  }
  return { consoleLog: parsed(row.console_log), networkLogs: parsed(row.network_logs) };
}

function reportDocument(row: StoredReportRow): ReportDocument {
  return {
    reportId: row.id,
    shortId: shortReportId(Number(row.number)),
    text: reportSearchText({
      formData: parsed(row.form_data),
      metaData: parsed(row.meta_data),
      customData: parsed(row.custom_data),
      ...logsOf(row),
    }),
  };
}

/** Every report without a document, oldest first. */
export async function indexExistingReports(sql: SQL): Promise<void> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const from = after ? sql`WHERE (created_at, id) > (${after.createdAt}, ${after.id})` : sql``;
    const rows = (await sql`SELECT id, number, form_data, meta_data, console_log, network_logs, custom_data,
        packed_parts, created_at
      FROM feedback_reports ${from} ORDER BY created_at, id LIMIT ${batchSize}`) as StoredReportRow[];
    const last = rows.at(-1);
    if (!last) return;
    await insertReportDocuments(sql, rows.map(reportDocument));
    after = { createdAt: last.created_at, id: last.id };
  }
}

interface StoredConversationRow {
  id: string;
  collected: string;
  created_at: string;
}

/** Every conversation without a document, oldest first, with its messages in the order written. */
export async function indexExistingConversations(sql: SQL): Promise<void> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const from = after ? sql`WHERE (created_at, id) > (${after.createdAt}, ${after.id})` : sql``;
    const rows = (await sql`SELECT id, collected, created_at FROM conversations ${from}
      ORDER BY created_at, id LIMIT ${batchSize}`) as StoredConversationRow[];
    const last = rows.at(-1);
    if (!last) return;
    const messages = new Map<string, string>();
    const written = (await sql`SELECT conversation_id, author, text FROM conversation_messages
      WHERE conversation_id IN ${sql(rows.map((row) => row.id))} ORDER BY id`) as Array<{
      conversation_id: string;
      author: string;
      text: string;
    }>;
    for (const message of written) {
      const before = messages.get(message.conversation_id) ?? "";
      messages.set(message.conversation_id, appendMessageText(before, messageSearchText(message)));
    }
    const documents: ConversationDocument[] = rows.map((row) => ({
      conversationId: row.id,
      collected: keyValueText(parsed(row.collected), searchTextLimits.collected),
      messages: messages.get(row.id) ?? "",
    }));
    await insertConversationDocuments(sql, documents);
    after = { createdAt: last.created_at, id: last.id };
  }
}
