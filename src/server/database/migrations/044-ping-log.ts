import type { Migration } from "../migrations.ts";

/**
 * The ping log: on SQLite a widget ping is acknowledged once it is appended here, and its events and
 * its session's last-seen, visit, page views, last page, SDK version and duration are folded into
 * `widget_events` and `widget_sessions` later, many pings at once (ping-log.ts). A group commit of
 * pings then writes the log's last page or two instead of a page per session row and per session's
 * corner of the events index.
 *
 * `seq` orders the log and is its only key (on SQLite an INTEGER PRIMARY KEY, the row id itself, so an
 * append touches the rightmost page only); no index on the session and no foreign key, so appending
 * reads nothing either. `events` holds the ping's events as the rows `widget_events` will get, in
 * JSON. A session deleted meanwhile has its logged pings dropped by the fold.
 *
 * PostgreSQL has the table too (one schema for both engines) but writes pings straight to their
 * tables: several processes share it, and none of them knows the others' unfolded pings.
 *
 * `database_writers` is how a server on SQLite knows it is the file's only writer, the condition for
 * keeping pings unfolded (database/sqlite-other-writers.ts): each writes its row at start and touches
 * it every second.
 */
export const pingLog: Migration = {
  id: 44,
  name: "044-ping-log",
  statements: [],
  engineStatements: {
    sqlite: [createLog("INTEGER"), createWriters("INTEGER")],
    postgres: [createLog("BIGINT"), createWriters("BIGINT")],
  },
};

function createLog(seqType: "INTEGER" | "BIGINT"): string {
  return `CREATE TABLE widget_ping_log (
    seq ${seqType} PRIMARY KEY,
    session_id TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    duration_seconds INTEGER NOT NULL DEFAULT 0,
    sdk_version TEXT,
    events TEXT NOT NULL DEFAULT '[]'
  )`;
}

function createWriters(timeType: "INTEGER" | "BIGINT"): string {
  return `CREATE TABLE database_writers (id TEXT PRIMARY KEY, seen_at_ms ${timeType} NOT NULL)`;
}
