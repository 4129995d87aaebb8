import type { Migration } from "../migrations.ts";

const createBatchIndex = "CREATE INDEX widget_event_batches_session ON widget_event_batches (session_id)";

/**
 * Events folded from the ping log (domain/sessions/ping-log.ts) are stored a batch per session and
 * fold instead of a row each: under a stream of pings, inserting every event into `widget_events` and
 * its two indexes was half of what a fold cost the request thread. A batch holds the events of one
 * session's pings of one fold (`events`: JSON rows `[id, name, occurred_at, data, created_at]`), and
 * is keyed by `through_seq`, the log seq of the last of those pings: unique, since a ping folds once,
 * and what tells a process starting after a crash which logged pings were folded already.
 *
 * `widget_session_events` reads both as `widget_events` rows: the rows written one by one (on
 * PostgreSQL, beside another writer on SQLite, and every event from before) and the batches' events.
 * PostgreSQL has the table and the view too (one schema for both engines) but writes no batch.
 *
 * Pings a previous release folded one event row at a time may still be in the log (a crash before it
 * cut the log below them): they are recognised as it recognised them, by their first event's id
 * stored, with every earlier ping of their session, and taken out of the log here, once.
 */
export const eventBatches: Migration = {
  id: 45,
  name: "045-event-batches",
  statements: [],
  engineStatements: {
    sqlite: [
      `DELETE FROM widget_ping_log WHERE seq IN (
        SELECT logged.seq FROM widget_ping_log logged
        JOIN (SELECT session_id, max(seq) AS through_seq FROM widget_ping_log folded
          WHERE EXISTS (SELECT 1 FROM widget_events e WHERE e.id = json_extract(folded.events, '$[0][0]'))
          GROUP BY session_id) done
        ON done.session_id = logged.session_id AND logged.seq <= done.through_seq)`,
      createBatches("INTEGER"),
      createBatchIndex,
      `CREATE VIEW widget_session_events AS
        SELECT id, session_id, name, occurred_at, data, created_at FROM widget_events
        UNION ALL
        SELECT json_extract(event.value, '$[0]'), batch.session_id, json_extract(event.value, '$[1]'),
          json_extract(event.value, '$[2]'), json_extract(event.value, '$[3]'),
          json_extract(event.value, '$[4]')
        FROM widget_event_batches batch, json_each(batch.events) event`,
    ],
    postgres: [
      createBatches("BIGINT"),
      createBatchIndex,
      `CREATE VIEW widget_session_events AS
        SELECT id, session_id, name, occurred_at, data, created_at FROM widget_events
        UNION ALL
        SELECT event ->> 0, batch.session_id, event ->> 1, event ->> 2, event ->> 3, event ->> 4
        FROM widget_event_batches batch, json_array_elements(batch.events::json) event`,
    ],
  },
};

function createBatches(seqType: "INTEGER" | "BIGINT"): string {
  return `CREATE TABLE widget_event_batches (
    through_seq ${seqType} PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
    events TEXT NOT NULL DEFAULT '[]'
  )`;
}
