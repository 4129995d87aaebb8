import type { SQL } from "bun";
import type { Migration } from "../migrations.ts";
import { indexExistingConversations, indexExistingReports } from "./040-report-search-backfill.ts";
import {
  conversationDerivedSql,
  conversationSearchTable,
  facetMark,
  ftsTableOf,
  identityOf,
  reportDerivedSql,
  reportSearchTable,
  type SearchTable,
} from "./040-report-search-schema.ts";

/**
 * One search box over feedback reports and conversations (docs/search.md). Each report and each
 * conversation has a search document: a row of `feedback_search` or `conversation_search` holding the
 * texts that are searched, one column per kind of field, and `facets`, the list filters as words
 * (`fstopen fprhigh …`), so a search with filters is one look-up in the full-text index.
 *
 * Each engine indexes the documents its own way: SQLite in an FTS5 table over the rows (external
 * content, kept in step by triggers on the document table), PostgreSQL in a generated `tsvector`
 * column with a GIN index. The documents' texts are ASCII punctuation apart on PostgreSQL, as FTS5's
 * tokenizer splits them (PostgreSQL's parser would keep `shop.example.com/checkout` as one word).
 *
 * Who writes what:
 * - the code, in the write's transaction: a report's texts when it is stored (its logs may be
 *   compressed, which SQL cannot read), a conversation's subject when it starts, each message as it is
 *   written (staff HTML read as text);
 * - triggers on both engines: what SQL sees and other code changes in many places — a report's tags,
 *   status, priority, type, project, assignee and reporter, a conversation's status, assignee and
 *   visitor, and a visitor's e-mail, name and user id (identify, merges).
 * The backfill indexes every report and conversation stored before.
 */

const reportFollowed = ["tags", "status", "priority", "type", "project_id", "assignee_id", "session_id"];
const conversationFollowed = ["status", "assignee_id", "session_id", "project_id"];
const sessionFollowed = ["email", "name", "user_id"];

/** True when an update changed one of `columns` (`IS NOT` on SQLite, `IS DISTINCT FROM` on PostgreSQL). */
const changed = (columns: string[], differs: "IS NOT" | "IS DISTINCT FROM") =>
  columns.map((column) => `OLD.${column} ${differs} NEW.${column}`).join(" OR ");

/** The statements of the triggers' bodies, the same on both engines. */
const followReport = `UPDATE feedback_search SET ${reportDerivedSql("NEW")} WHERE report_id = NEW.id`;
const followConversation = `UPDATE conversation_search SET ${conversationDerivedSql("NEW")}
  WHERE conversation_id = NEW.id`;
const followSession = [
  `UPDATE feedback_search SET reporter = ${identityOf("NEW")}
    WHERE report_id IN (SELECT id FROM feedback_reports WHERE session_id = NEW.id)`,
  `UPDATE conversation_search SET visitor = ${identityOf("NEW")}
    WHERE conversation_id IN (SELECT id FROM conversations WHERE session_id = NEW.id)`,
];

const textColumns = (search: SearchTable) =>
  [...search.columns.map((c) => c.column), "facets"].map((column) => `${column} TEXT NOT NULL DEFAULT ''`);

function createTable(search: SearchTable, docId: string): string {
  return `CREATE TABLE ${search.table} (
    doc_id ${docId},
    ${search.owner.column} TEXT NOT NULL UNIQUE REFERENCES ${search.owner.table} (id) ON DELETE CASCADE,
    ${textColumns(search).join(",\n    ")}
  )`;
}

/**
 * SQLite: the document table (an INTEGER PRIMARY KEY, so VACUUM keeps the ids the index refers to), its
 * FTS5 table over it (letters and digits make words, case folded, accents kept as PostgreSQL's
 * `simple` keeps them) and the three triggers that keep the FTS5 table in step with every write.
 */
function sqliteIndex(search: SearchTable): string[] {
  const fts = ftsTableOf(search.table);
  const columns = [...search.columns.map((c) => c.column), "facets"];
  const values = (row: string) => columns.map((column) => `${row}.${column}`).join(", ");
  const insert = `INSERT INTO ${fts} (rowid, ${columns.join(", ")}) VALUES (NEW.doc_id, ${values("NEW")});`;
  const remove = `INSERT INTO ${fts} (${fts}, rowid, ${columns.join(", ")})
    VALUES ('delete', OLD.doc_id, ${values("OLD")});`;
  return [
    createTable(search, "INTEGER PRIMARY KEY"),
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns.join(", ")}, content='${search.table}',
      content_rowid='doc_id', tokenize='unicode61 remove_diacritics 0')`,
    `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${search.table} BEGIN ${insert} END`,
    `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${search.table} BEGIN ${remove} END`,
    `CREATE TRIGGER ${fts}_update AFTER UPDATE ON ${search.table} BEGIN ${remove} ${insert} END`,
  ];
}

/** One column's words for PostgreSQL: ASCII punctuation made spaces, then the `simple` configuration. */
const columnVector = (column: string, weight: string) =>
  `setweight(to_tsvector('simple'::regconfig, regexp_replace(${column}, '[[:punct:]]', ' ', 'g')), '${weight}')`;

/**
 * The facets as lexemes taken verbatim, each after `facetMark`: no word of a text can be one, so
 * the searched words need no weight restriction (which GIN cannot check: every candidate would be
 * read again from the table) and a facet is found by the index alone.
 */
const facetVector = `array_to_tsvector(string_to_array('${facetMark}' || replace(facets, ' ', ' ${facetMark}'), ' '))`;

/** PostgreSQL: the document table with its generated vector (one weight class per column) and its GIN index. */
function postgresIndex(search: SearchTable): string[] {
  const vector = [...search.columns.map((c) => columnVector(c.column, c.weight)), facetVector].join(" || ");
  return [
    createTable(search, "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    `ALTER TABLE ${search.table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector}) STORED`,
    `CREATE INDEX ${search.table}_vector ON ${search.table} USING gin (search_vector)`,
  ];
}

const sqliteTriggers = [
  `CREATE TRIGGER feedback_search_follow_report
    AFTER UPDATE OF ${reportFollowed.join(", ")} ON feedback_reports
    WHEN ${changed(reportFollowed, "IS NOT")}
    BEGIN ${followReport}; END`,
  `CREATE TRIGGER conversation_search_follow_conversation
    AFTER UPDATE OF ${conversationFollowed.join(", ")} ON conversations
    WHEN ${changed(conversationFollowed, "IS NOT")}
    BEGIN ${followConversation}; END`,
  `CREATE TRIGGER search_follow_session AFTER UPDATE OF ${sessionFollowed.join(", ")} ON widget_sessions
    WHEN ${changed(sessionFollowed, "IS NOT")}
    BEGIN ${followSession.join("; ")}; END`,
];

/** A plpgsql trigger function running `statements`, and its row trigger on `table` when `columns` changed. */
const postgresTrigger = (name: string, table: string, columns: string[], statements: string[]) => [
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${statements.map((statement) => `${statement};`).join("\n      ")}
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER ${name} AFTER UPDATE OF ${columns.join(", ")} ON ${table}
    FOR EACH ROW WHEN (${changed(columns, "IS DISTINCT FROM")}) EXECUTE FUNCTION ${name}()`,
];

const postgresTriggers = [
  ...postgresTrigger("feedback_search_follow_report", "feedback_reports", reportFollowed, [followReport]),
  ...postgresTrigger("conversation_search_follow_conversation", "conversations", conversationFollowed, [
    followConversation,
  ]),
  ...postgresTrigger("search_follow_session", "widget_sessions", sessionFollowed, followSession),
];

export const reportSearch: Migration = {
  id: 40,
  name: "040-report-search",
  statements: [],
  engineStatements: {
    sqlite: [...sqliteIndex(conversationSearchTable), ...sqliteIndex(reportSearchTable), ...sqliteTriggers],
    postgres: [
      ...postgresIndex(conversationSearchTable),
      ...postgresIndex(reportSearchTable),
      ...postgresTriggers,
    ],
  },
  // Conversations first: a report's document takes the messages of the conversation about it.
  async backfill(tx: SQL) {
    await indexExistingConversations(tx);
    await indexExistingReports(tx);
  },
};
