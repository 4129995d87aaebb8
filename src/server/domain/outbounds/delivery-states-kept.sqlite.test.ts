import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "bun";
import { openDatabase } from "../../database/database.ts";
import { runMigrations } from "../../database/migrations.ts";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { seedDemoData } from "../../demo-seed.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { until } from "../../test-support/until.ts";
import { openPingLog, type PingLog } from "../sessions/ping-log.ts";
import { createPingWriter } from "../sessions/ping-writes.ts";
import {
  createSession,
  findSessionById,
  mergeSessionInto,
  type StoredSession,
} from "../sessions/sessions-repository.ts";
import {
  type DeliveryStatesReader,
  deliveryRowsKeptMs,
  deliveryStatesReader,
} from "./delivery-states-reader.ts";
import { recordOutboundEvent } from "./outbound-events.ts";
import { createOutbound, recordOffers } from "./outbound-repository.ts";

// What the delivery states reader keeps of a session's rows between its pings (SQLite, a database file
// with its ping log, as the server runs): kept while nothing changes them, read again as soon as this
// connection changes them by any statement, or another writer is or was on the file.
let workDir: string;
let files = 0;
let db: { sql: SQL; close: () => Promise<void>; filename: string };
let log: PingLog;
let read: DeliveryStatesReader;
let clock: number;
let sessionId: string;
let outboundIds: string[];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "delivery-states-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

beforeEach(async () => {
  const filename = join(workDir, `db-${++files}.sqlite`);
  db = { ...(await openDatabase({ engine: "sqlite", filename })), filename };
  await runMigrations(db.sql);
  await seedDemoData(db.sql, { passwords: testPasswords, size: "minimal" });
  const [project] = await db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  const projectId = (project as { id: string }).id;
  log = (await openPingLog(db.sql, { writers: { beatMs: 40, quietMs: 150 } })) as PingLog;
  sessionId = (await createSession(db.sql, projectId)).id;
  outboundIds = [];
  for (const name of ["banner", "notification"] as const) {
    const outbound = await createOutbound(db.sql, {
      projectId,
      type: name,
      status: "live",
      name,
      config: { text: `Hello from the ${name}` },
    });
    outboundIds.push(outbound.id);
  }
  await recordOffers(db.sql, outboundIds.slice(0, 1), sessionId);
  clock = 0;
  read = deliveryStatesReader(db.sql, () => clock);
  await sqliteConnectionOf(db.sql);
  // The log is alone once the writers' rows of the setup are quiet.
  await until(async () => log.alone(), 3000, { everyMs: 10 });
});
afterEach(async () => {
  await log.drain();
  await db.close();
});

const shownAtOf = async (id = sessionId) =>
  (await read(id, outboundIds)).get(outboundIds[0] as string)?.shownAt;

/** Sets the banner's `shown_at` without this connection's triggers seeing it (they are dropped first). */
async function changeUnnoted(at: string) {
  const connection = await sqliteConnectionOf(db.sql);
  connection.run("DROP TRIGGER temp.delivery_changes_updated");
  connection.run("UPDATE widget_outbound_deliveries SET shown_at = ? WHERE session_id = ?", [at, sessionId]);
}

test("a session's rows are kept while nothing changes them, at most deliveryRowsKeptMs", async () => {
  expect(await shownAtOf()).toBeNull();
  await changeUnnoted("2026-01-01T00:00:00.000Z");
  clock += deliveryRowsKeptMs - 1;
  expect(await shownAtOf()).toBeNull();
  clock += 2;
  expect(await shownAtOf()).toBe("2026-01-01T00:00:00.000Z");
});

test("a change this connection makes is read at the next read, whichever statement made it", async () => {
  const [banner, notification] = outboundIds as [string, string];
  expect([...(await read(sessionId, outboundIds)).keys()]).toEqual([banner]);
  await recordOffers(db.sql, [notification], sessionId);
  expect([...(await read(sessionId, outboundIds)).keys()].sort()).toEqual([banner, notification].sort());
  await recordOutboundEvent(db.sql, {
    outboundId: banner,
    sessionId,
    kind: "shown",
    at: "2026-02-01T00:00:00.000Z",
  });
  expect(await shownAtOf()).toBe("2026-02-01T00:00:00.000Z");
  // A merge moves the rows to the session merged into: both sessions read anew.
  const from = (await findSessionById(db.sql, sessionId)) as StoredSession;
  const into = await createSession(db.sql, from.projectId);
  expect(await shownAtOf(into.id)).toBeUndefined();
  await mergeSessionInto(db.sql, from, into, {});
  expect(await read(sessionId, outboundIds)).toEqual(new Map());
  expect(await shownAtOf(into.id)).toBe("2026-02-01T00:00:00.000Z");
});

test("another writer's change is read at the next ping, and rows kept before its spell are not used after", async () => {
  const writer = createPingWriter(db.sql);
  // As the server does: a ping's group is written (asking whether another writer is on the file),
  // then its delivery is read.
  const pingThenRead = async () => {
    await writer.record(sessionId, { events: [] });
    return shownAtOf();
  };
  expect(await pingThenRead()).toBeNull();
  const other = new Database(db.filename);
  try {
    other.run("UPDATE widget_outbound_deliveries SET shown_at = ? WHERE session_id = ?", [
      "2026-03-01T00:00:00.000Z",
      sessionId,
    ]);
    expect(await pingThenRead()).toBe("2026-03-01T00:00:00.000Z");
    // Beside another writer nothing is kept.
    other.run("UPDATE widget_outbound_deliveries SET shown_at = ? WHERE session_id = ?", [
      "2026-03-15T00:00:00.000Z",
      sessionId,
    ]);
    expect(await pingThenRead()).toBe("2026-03-15T00:00:00.000Z");
    // Kept once alone again; another writer then comes and goes while no ping comes.
    await until(async () => log.lastAlone().alone, 3000, { everyMs: 10 });
    expect(await shownAtOf()).toBe("2026-03-15T00:00:00.000Z");
    const { spell } = log.lastAlone();
    other.run("UPDATE widget_outbound_deliveries SET shown_at = ? WHERE session_id = ?", [
      "2026-04-01T00:00:00.000Z",
      sessionId,
    ]);
    await until(async () => log.lastAlone().spell >= spell + 2, 3000, { everyMs: 10 });
    expect(await shownAtOf()).toBe("2026-04-01T00:00:00.000Z");
  } finally {
    other.close();
    await writer.drain();
  }
});
