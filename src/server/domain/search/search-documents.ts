import type { SQL } from "bun";
import {
  conversationFacetsSql,
  reportFacetsSql,
  sessionIdentitySql,
} from "../../database/migrations/040-report-search-schema.ts";
import { appendMessageText, type ReportSearchText } from "./search-text.ts";

/**
 * Writes search documents (migration 040) in the transaction of the write they follow, so a report or
 * message is found as soon as its write is answered. What SQL can see (tags, triage fields, the
 * visitor's identity) comes from the rows themselves, with the same SQL the triggers use.
 */

type Value = string | number | null;

/**
 * A multi-row `VALUES` list of `rows` with the engine's placeholders (its columns are `column1`,
 * `column2`, … on both engines), and the values in order.
 */
function valuesList(sql: SQL, rows: readonly Value[][]): { text: string; params: Value[] } {
  const sqlite = sql.options.adapter === "sqlite";
  const params: Value[] = [];
  const placeholder = (value: Value) => {
    params.push(value);
    return sqlite ? "?" : `$${params.length}`;
  };
  const text = rows.map((row) => `(${row.map(placeholder).join(", ")})`).join(", ");
  return { text, params };
}

export interface ReportDocument {
  reportId: string;
  /** `FB-12` (feedback-repository.ts's shortReportId). */
  shortId: string;
  text: ReportSearchText;
}

/**
 * Indexes reports already stored (their rows are read for tags, triage fields and reporter), in the
 * order given: the index's own order is the order documents arrive, which is a report's recency.
 */
export async function insertReportDocuments(sql: SQL, documents: readonly ReportDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const { text, params } = valuesList(
    sql,
    documents.map((doc, index) => [
      doc.reportId,
      index,
      doc.shortId,
      doc.text.description,
      doc.text.page,
      doc.text.customData,
      doc.text.network,
      doc.text.console,
    ]),
  );
  // column2 is only the order: PostgreSQL types an untyped VALUES column as text, hence the cast.
  await sql.unsafe(
    `INSERT INTO feedback_search (report_id, short_id, description, page, custom_data, network, console,
      messages, tags, reporter, facets)
    SELECT r.id, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8,
      COALESCE((SELECT cs.messages FROM conversation_search cs WHERE cs.conversation_id = r.conversation_id), ''),
      r.tags, ${sessionIdentitySql("r.session_id")}, ${reportFacetsSql("r")}
    FROM (VALUES ${text}) AS v JOIN feedback_reports r ON r.id = v.column1
    ORDER BY CAST(v.column2 AS INTEGER)`,
    params,
  );
}

export interface ConversationDocument {
  conversationId: string;
  /** What a bot collected from the visitor, as `key: value` lines. */
  collected: string;
  messages: string;
}

/** Indexes conversations already stored (subject, visitor and facets are read from their rows). */
export async function insertConversationDocuments(
  sql: SQL,
  documents: readonly ConversationDocument[],
): Promise<void> {
  if (documents.length === 0) return;
  const { text, params } = valuesList(
    sql,
    documents.map((doc, index) => [doc.conversationId, index, doc.collected, doc.messages]),
  );
  await sql.unsafe(
    `INSERT INTO conversation_search (conversation_id, subject, collected, messages, visitor, facets)
    SELECT c.id, c.subject, v.column3, v.column4, ${sessionIdentitySql("c.session_id")},
      ${conversationFacetsSql("c")}
    FROM (VALUES ${text}) AS v JOIN conversations c ON c.id = v.column1
    ORDER BY CAST(v.column2 AS INTEGER)`,
    params,
  );
}

/**
 * Adds a message's text to its conversation's document and to the documents of the reports the
 * conversation is about (a reply to a reporter). A conversation without a document is left so.
 */
export async function appendMessageToDocuments(
  sql: SQL,
  conversationId: string,
  text: string,
): Promise<void> {
  if (text === "") return;
  const [row] = await sql`SELECT messages FROM conversation_search WHERE conversation_id = ${conversationId}`;
  if (!row) return;
  const messages = appendMessageText((row as { messages: string }).messages, text);
  await sql`UPDATE conversation_search SET messages = ${messages} WHERE conversation_id = ${conversationId}`;
  await sql`UPDATE feedback_search SET messages = ${messages}
    WHERE report_id IN (SELECT id FROM feedback_reports WHERE conversation_id = ${conversationId})`;
}
