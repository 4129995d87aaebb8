import { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import {
  allSessions,
  maxNotedSessions,
  noteDeliveryChanges,
  takeDeliveryChanges,
} from "./delivery-changes.ts";

// The triggers on a table of the deliveries' shape (the real one's foreign keys left out, so any
// number of sessions can be written).
let connection: Database;

beforeEach(() => {
  connection = new Database(":memory:");
  connection.run(`CREATE TABLE widget_outbound_deliveries (outbound_id TEXT NOT NULL, session_id TEXT NOT NULL,
    shown_at TEXT, PRIMARY KEY (outbound_id, session_id))`);
  noteDeliveryChanges(connection);
});
afterEach(() => connection.close());

const taken = () => takeDeliveryChanges(connection).sort();

test("inserts, updates and deletes note their sessions once each, and taking them empties the list", () => {
  expect(taken()).toEqual([]);
  connection.run(
    "INSERT INTO widget_outbound_deliveries VALUES ('o1', 's1', NULL), ('o2', 's1', NULL), ('o1', 's2', NULL)",
  );
  expect(taken()).toEqual(["s1", "s2"]);
  expect(taken()).toEqual([]);
  connection.run("UPDATE widget_outbound_deliveries SET shown_at = 'now' WHERE session_id = 's2'");
  expect(taken()).toEqual(["s2"]);
  // A merge moves rows from one session to another: both are noted.
  connection.run("UPDATE widget_outbound_deliveries SET session_id = 's3' WHERE session_id = 's1'");
  expect(taken()).toEqual(["s1", "s3"]);
  connection.run("DELETE FROM widget_outbound_deliveries WHERE session_id = 's2'");
  expect(taken()).toEqual(["s2"]);
});

test("noting again (a reader made anew on the connection) keeps one set of triggers", () => {
  noteDeliveryChanges(connection);
  connection.run("INSERT INTO widget_outbound_deliveries VALUES ('o1', 's1', NULL)");
  expect(taken()).toEqual(["s1"]);
});

test("a change rolled back is not noted", () => {
  connection.run("BEGIN");
  connection.run("INSERT INTO widget_outbound_deliveries VALUES ('o1', 's1', NULL)");
  connection.run("ROLLBACK");
  expect(taken()).toEqual([]);
});

test("past maxNotedSessions the list notes that every session changed, and stays that size", () => {
  const insert = connection.prepare("INSERT INTO widget_outbound_deliveries VALUES ('o1', ?, NULL)");
  connection.transaction(() => {
    for (let index = 0; index < maxNotedSessions + 500; index++) insert.run(`s${index}`);
  })();
  const noted = takeDeliveryChanges(connection);
  expect(noted).toHaveLength(maxNotedSessions + 1);
  expect(noted).toContain(allSessions);
  expect(taken()).toEqual([]);
});
