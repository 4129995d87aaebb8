import type { Migration } from "../migrations.ts";

/**
 * Storage that grows slowly: a report's logs, and a snapshot's HTML kept in the row, are
 * stored zstd-compressed in one value instead of as text (about a fifth of the size). BYTEA is
 * PostgreSQL's binary type; SQLite gives the name numeric affinity, which keeps a blob as it is.
 * Rows from before keep NULL here and their text columns, which are read as they were.
 */
export const packedReportParts: Migration = {
  id: 21,
  name: "021-packed-report-parts",
  statements: [`ALTER TABLE feedback_reports ADD COLUMN packed_parts BYTEA`],
};
