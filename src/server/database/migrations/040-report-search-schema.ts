/**
 * The search documents' shape (migration 040, docs/search.md), shared by the migration's triggers and
 * the code that writes documents (src/server/domain/search/), so the two always write the same words.
 */

/** A searched column, its weight class (A most, C least) and the `match.field` the API names it by. */
export interface SearchColumn {
  column: string;
  field: string;
  weight: "A" | "B" | "C";
}

export const reportSearchColumns: readonly SearchColumn[] = [
  { column: "short_id", field: "shortId", weight: "A" },
  { column: "tags", field: "tags", weight: "A" },
  { column: "reporter", field: "reporter", weight: "B" },
  { column: "description", field: "description", weight: "B" },
  { column: "messages", field: "messages", weight: "B" },
  { column: "page", field: "page", weight: "C" },
  { column: "custom_data", field: "customData", weight: "C" },
  { column: "network", field: "network", weight: "C" },
  { column: "console", field: "console", weight: "C" },
];

export const conversationSearchColumns: readonly SearchColumn[] = [
  { column: "subject", field: "subject", weight: "A" },
  { column: "visitor", field: "visitor", weight: "B" },
  { column: "messages", field: "messages", weight: "B" },
  { column: "collected", field: "collected", weight: "C" },
];

/** A search document table: whose rows it indexes and which columns it searches. */
export interface SearchTable {
  table: "feedback_search" | "conversation_search";
  /** The column naming the indexed row, and that row's table. */
  owner: { column: string; table: string };
  columns: readonly SearchColumn[];
}

export const reportSearchTable: SearchTable = {
  table: "feedback_search",
  owner: { column: "report_id", table: "feedback_reports" },
  columns: reportSearchColumns,
};

export const conversationSearchTable: SearchTable = {
  table: "conversation_search",
  owner: { column: "conversation_id", table: "conversations" },
  columns: conversationSearchColumns,
};

/** The FTS5 table that indexes `table` on SQLite. */
export const ftsTableOf = (table: SearchTable["table"]) => `${table}_fts`;

/**
 * A filter value as one word: a prefix naming the filter, then the value lower-cased with `z`, `_` and
 * `-` written `zy`, `zz` and `zx` (so no two values give one word, and ids and status words become
 * letters and digits, which every tokenizer keeps whole). Engine-neutral SQL; the code writes the
 * same words for the filters it asks for (search-results.ts's facetWord).
 */
export const facetSql = (prefix: string, value: string) =>
  `'${prefix}' || replace(replace(replace(lower(${value}), 'z', 'zy'), '_', 'zz'), '-', 'zx')`;

const joinFacets = (parts: string[]) => parts.join(` || ' ' || `);

/** The facets of report row `r` (status, priority, type, project, assignee or `none`). */
export const reportFacetsSql = (r: string) =>
  joinFacets([
    facetSql("fst", `${r}.status`),
    facetSql("fpr", `${r}.priority`),
    facetSql("fty", `${r}.type`),
    facetSql("fpj", `${r}.project_id`),
    facetSql("fas", `COALESCE(${r}.assignee_id, 'none')`),
  ]);

/** The facets of conversation row `c` (status, project, assignee or `none`, visitor's session). */
export const conversationFacetsSql = (c: string) =>
  joinFacets([
    facetSql("fst", `${c}.status`),
    facetSql("fpj", `${c}.project_id`),
    facetSql("fas", `COALESCE(${c}.assignee_id, 'none')`),
    facetSql("fse", `${c}.session_id`),
  ]);

/** A visitor's e-mail, name and user id from session row `s`, as one line. */
export const identityOf = (s: string) =>
  `COALESCE(${s}.email, '') || ' ' || COALESCE(${s}.name, '') || ' ' || COALESCE(${s}.user_id, '')`;

/** The identity of the session `sessionId` names (an empty line without one). */
export const sessionIdentitySql = (sessionId: string) =>
  `COALESCE((SELECT ${identityOf("s")} FROM widget_sessions s WHERE s.id = ${sessionId}), '')`;

/** What triggers keep current on a report's document, from report row `r`. */
export const reportDerivedSql = (r: string) =>
  `tags = ${r}.tags, reporter = ${sessionIdentitySql(`${r}.session_id`)}, facets = ${reportFacetsSql(r)}`;

/** What triggers keep current on a conversation's document, from conversation row `c`. */
export const conversationDerivedSql = (c: string) =>
  `visitor = ${sessionIdentitySql(`${c}.session_id`)}, facets = ${conversationFacetsSql(c)}`;

/**
 * What a facet's lexeme starts with on PostgreSQL: not a letter or digit, so no searched word (made of
 * letters and digits only) can ever be a facet.
 */
export const facetMark = "§";
