import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "bun";
import { openDatabase } from "../../database/database.ts";
import { runMigrations } from "../../database/migrations.ts";
import { seedDemoData } from "../../demo-seed.ts";
import { readStdoutUntil } from "../../test-support/stdout-until.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { until } from "../../test-support/until.ts";
import { findConnectedVisitors } from "../outbounds/connected-offers-repository.ts";
import { insertSurveyAnswer } from "../surveys/surveys-repository.ts";
import { type LoggedPing, pingFromLog } from "./logged-pings.ts";
import { openPingLog, sessionRowsKeptMs } from "./ping-log.ts";
import { pingLogFolder, readPingLogFiles, writePingLogFile } from "./ping-log-file.ts";
import { pingLogOf } from "./ping-log-registry.ts";
import { createPingWriter } from "./ping-writes.ts";
import {
  createSession,
  findSessionById,
  listSessionEvents,
  mergeSessionInto,
  type StoredSession,
  touchSession,
  updateSession,
} from "./sessions-repository.ts";

// The ping log (ping-log.ts) on database files: pings folded into their sessions by themselves, the
// readers of what pings change seeing unfolded pings, and a process's unfolded pings folded by the
// next one to open the file.
let workDir: string;
let files = 0;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "ping-log-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A migrated database file with the demo project; `filename` opens an existing one again. */
async function database(filename = join(workDir, `db-${++files}.sqlite`)) {
  const db = await openDatabase({ engine: "sqlite", filename });
  await runMigrations(db.sql);
  await seedDemoData(db.sql, { passwords: testPasswords, size: "minimal" });
  const [row] = await db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  return { ...db, filename, projectId: (row as { id: string }).id };
}

/** Runs `use` over a fresh database (see `database`), closed after it whatever happens. */
async function withDatabase(use: (db: Awaited<ReturnType<typeof database>>) => Promise<void>): Promise<void> {
  const db = await database();
  try {
    await use(db);
  } finally {
    await db.close();
  }
}

const pageView = (page: string) => ({ name: "pageView", data: { page } });

async function storedRow(sql: SQL, id: string) {
  const [row] = await sql`SELECT page_views, last_page, last_seen_at, visit_started_at, duration_seconds
    FROM widget_sessions WHERE id = ${id}`;
  return row as {
    page_views: number;
    last_page: string | null;
    last_seen_at: string;
    visit_started_at: string | null;
    duration_seconds: number;
  };
}

/** Three new sessions of the database's demo project, made one after the other (their ids in order). */
async function threeSessions(db: {
  sql: SQL;
  projectId: string;
}): Promise<[StoredSession, StoredSession, StoredSession]> {
  return [
    await createSession(db.sql, db.projectId),
    await createSession(db.sql, db.projectId),
    await createSession(db.sql, db.projectId),
  ];
}

/** The pings in the log's files beside the database file (folded ones too, until their file is cut). */
const loggedPings = (filename: string) =>
  readPingLogFiles(pingLogFolder(filename)).flatMap((file) => file.logged);
const logged = (filename: string) => loggedPings(filename).length;

/**
 * A row of the log table as an earlier version left it (migration 044): one page view of `page`, seen
 * a second from now (after the session the test just made, as a logged ping always is); answers the
 * ping it stands for.
 */
async function tableRow(
  sql: SQL,
  row: { seq: number; sessionId: string; page: string; duration: number },
): Promise<LoggedPing> {
  const seenAt = Date.now() + 1000;
  const event = {
    id: `0193a1b2-0000-7000-8000-${String(row.seq).padStart(12, "0")}`,
    name: "pageView",
    occurredAt: new Date(seenAt - 1000).toISOString(),
    data: JSON.stringify({ page: row.page }),
  };
  const ping = pingFromLog({
    seq: row.seq,
    sessionId: row.sessionId,
    seenAt: new Date(seenAt).toISOString(),
    durationSeconds: row.duration,
    sdkVersion: "14.6.7",
    events: [event],
  });
  const events = JSON.stringify([[event.id, event.name, event.occurredAt, event.data]]);
  await sql`INSERT INTO widget_ping_log (seq, session_id, seen_at, duration_seconds, sdk_version, events)
    VALUES (${ping.seq}, ${ping.sessionId}, ${ping.seenAt}, ${ping.durationSeconds}, ${ping.sdkVersion}, ${events})`;
  return ping;
}

/** Polls `check` every 5 ms until it holds (for at most 3 s). */
const foldedWithin = (check: () => Promise<boolean>) => until(check, 3000, { everyMs: 5 });

describe("the ping log", () => {
  test("a session's pings fold by themselves once the first has waited foldAfterMs", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 30 });
      const session = await createSession(db.sql, db.projectId);
      await writer.record(session.id, { durationSeconds: 8, events: [pageView("https://shop.example/a")] });
      await writer.record(session.id, { events: [pageView("https://shop.example/b")] });
      expect(logged(db.filename)).toBe(2);
      await foldedWithin(async () => logged(db.filename) === 0);
      expect(await storedRow(db.sql, session.id)).toMatchObject({
        page_views: 2,
        last_page: "https://shop.example/b",
        duration_seconds: 8,
      });
      expect(pingLogOf(db.sql)?.unfolded()).toBe(0);
      expect((await listSessionEvents(db.sql, session.id)).length).toBe(2);
    });
  });

  test("readers of what pings change see unfolded pings: by id, the connected visitors, a start, a survey answer", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000 });
      const long = new Date(Date.now() - 2 * 3600_000).toISOString();
      const session = await createSession(db.sql, db.projectId);
      await db.sql`UPDATE widget_sessions SET last_seen_at = ${long}, visit_started_at = ${long} WHERE id = ${session.id}`;
      const pinged = (await writer.record(session.id, {
        events: [pageView("https://shop.example/pricing")],
      })) as StoredSession;
      // Two hours idle: the ping started a visit, which only the log knows of yet.
      expect(pinged.visitStartedAt).not.toBe(long);
      expect((await storedRow(db.sql, session.id)).visit_started_at).toBe(long);
      expect(await findSessionById(db.sql, session.id)).toEqual(pinged);
      const [visitor] = await findConnectedVisitors(db.sql, [session.id]);
      expect(visitor).toMatchObject({
        lastPage: "https://shop.example/pricing",
        visitStartedAt: pinged.visitStartedAt,
      });

      const other = await createSession(db.sql, db.projectId);
      await writer.record(other.id, { events: [pageView("https://shop.example/checkout")] });
      // A session start right after: the visit the ping began goes on.
      const started = await touchSession(
        db.sql,
        (await findSessionById(db.sql, other.id)) as StoredSession,
        null,
      );
      expect((await storedRow(db.sql, other.id)).visit_started_at).toBe(started.visitStartedAt);

      const third = await createSession(db.sql, db.projectId);
      await writer.record(third.id, { events: [pageView("https://shop.example/survey-page")] });
      const surveyId = crypto.randomUUID();
      const now = new Date().toISOString();
      await db.sql`INSERT INTO surveys (id, project_id, title, title_key, status, created_at, updated_at)
        VALUES (${surveyId}, ${db.projectId}, ${"Q"}, ${"q"}, ${"live"}, ${now}, ${now})`;
      const answerId = await insertSurveyAnswer(db.sql, surveyId, third.id, {});
      const [answer] = await db.sql`SELECT page_url FROM survey_answers WHERE id = ${answerId}`;
      expect(answer).toEqual({ page_url: "https://shop.example/survey-page" });
      await writer.drain();
      expect(logged(db.filename)).toBe(0);
    });
  });

  test("a process's unfolded pings are folded by the next one to open the file", async () => {
    const first = await database();
    const session = await createSession(first.sql, first.projectId);
    const writer = createPingWriter(first.sql, { foldAfterMs: 60_000 });
    await writer.record(session.id, {
      durationSeconds: 30,
      sdkVersion: "14.6.7",
      events: [pageView("https://shop.example/1"), { name: "addedToCart", data: { sku: "A1" } }],
    });
    const answered = (await writer.record(session.id, {
      events: [pageView("https://shop.example/2")],
    })) as StoredSession;
    // Closed as a kill -9 leaves it: the pings are in the log, never folded.
    await first.close();

    const next = await database(first.filename);
    try {
      expect(logged(next.filename)).toBe(2);
      expect((await storedRow(next.sql, session.id)).page_views).toBe(0);
      await openPingLog(next.sql);
      expect(logged(next.filename)).toBe(0);
      expect(await storedRow(next.sql, session.id)).toMatchObject({
        page_views: 2,
        last_page: "https://shop.example/2",
        duration_seconds: 30,
        last_seen_at: answered.lastSeenAt,
        visit_started_at: answered.visitStartedAt,
      });
      expect((await listSessionEvents(next.sql, session.id)).map((event) => event.name)).toEqual([
        "pageView",
        "addedToCart",
        "pageView",
      ]);
    } finally {
      await next.close();
    }
  });

  test("pings an earlier version left in the log table are moved to the files at open, and folded", async () => {
    await withDatabase(async (db) => {
      const session = await createSession(db.sql, db.projectId);
      const left = await tableRow(db.sql, {
        seq: 7,
        sessionId: session.id,
        page: "https://shop.example/old",
        duration: 12,
      });
      await openPingLog(db.sql);
      expect(await db.sql`SELECT count(*) AS n FROM widget_ping_log`).toEqual([{ n: 0 }]);
      expect(await storedRow(db.sql, session.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/old",
        duration_seconds: 12,
        last_seen_at: left.seenAt,
      });
      expect((await listSessionEvents(db.sql, session.id)).map((event) => event.data)).toEqual([
        { page: "https://shop.example/old" },
      ]);
      // Folded, so the file they were moved to is cut; seqs go on past theirs.
      expect(logged(db.filename)).toBe(0);
      expect(pingLogOf(db.sql)?.nextSeq()).toBe(8);
    });
  });

  test("a move of the table's rows cut short before the rows went is done again, and each ping folds once", async () => {
    await withDatabase(async (db) => {
      const session = await createSession(db.sql, db.projectId);
      const ping = await tableRow(db.sql, {
        seq: 3,
        sessionId: session.id,
        page: "https://shop.example/once",
        duration: 5,
      });
      // The file the move writes is there already, as a crash between its rename and the DELETE leaves it.
      writePingLogFile(pingLogFolder(db.filename) as string, [ping]);
      await openPingLog(db.sql);
      expect(await storedRow(db.sql, session.id)).toMatchObject({ page_views: 1, duration_seconds: 5 });
      expect((await listSessionEvents(db.sql, session.id)).length).toBe(1);
      expect(logged(db.filename)).toBe(0);
    });
  });

  test("the log is cut below the oldest unfolded ping; the next process folds only what was not", async () => {
    const first = await database();
    const [older, newer] = await threeSessions(first);
    const writer = createPingWriter(first.sql, { foldAfterMs: 60_000 });
    await writer.record(older.id, { events: [pageView("https://shop.example/older")] });
    await writer.record(newer.id, { sdkVersion: "1.0", events: [] });
    await writer.record(newer.id, { sdkVersion: "2.0", events: [pageView("https://shop.example/a")] });
    await writer.record(newer.id, { sdkVersion: "2.0", durationSeconds: 40, events: [] });
    // Only the newer session folds: its rows stay in the log, behind the older session's ping.
    await pingLogOf(first.sql)?.fold([newer.id]);
    expect(logged(first.filename)).toBe(4);
    const folded = await storedRow(first.sql, newer.id);
    expect(folded).toMatchObject({
      page_views: 1,
      last_page: "https://shop.example/a",
      duration_seconds: 40,
    });
    await first.close();

    const next = await database(first.filename);
    try {
      await openPingLog(next.sql);
      expect(logged(next.filename)).toBe(0);
      expect(await storedRow(next.sql, newer.id)).toEqual(folded);
      const [sdk] = await next.sql`SELECT sdk_version FROM widget_sessions WHERE id = ${newer.id}`;
      expect(sdk).toEqual({ sdk_version: "2.0" });
      expect((await listSessionEvents(next.sql, newer.id)).length).toBe(1);
      expect(await storedRow(next.sql, older.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/older",
      });
    } finally {
      await next.close();
    }
  });

  test("pings of a session merged before the fold go to the session it joined; a deleted one's are dropped", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000 });
      const [from, into, gone] = await threeSessions(db);
      await writer.record(from.id, { events: [pageView("https://shop.example/anonymous")] });
      await writer.record(gone.id, { events: [pageView("https://shop.example/gone")] });
      // Written by hand, as a merge that ran between the ping and its fold would leave it.
      await db.sql`UPDATE widget_sessions SET merged_into = ${into.id} WHERE id = ${from.id}`;
      await db.sql`DELETE FROM widget_sessions WHERE id = ${gone.id}`;
      await writer.fold();
      expect(await storedRow(db.sql, into.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/anonymous",
      });
      expect((await listSessionEvents(db.sql, into.id)).length).toBe(1);
      expect(logged(db.filename)).toBe(0);
    });
  });

  test("a fold stores each session's events as one batch, keyed by the seq of its last ping", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000 });
      const [busy, quiet] = await threeSessions(db);
      for (const page of ["/a", "/b", "/c"])
        await writer.record(busy.id, { events: [pageView(`https://shop.example${page}`)] });
      await writer.record(quiet.id, { events: [] });
      const seqs = loggedPings(db.filename);
      await writer.fold();
      const batches = await db.sql`SELECT through_seq, session_id, events FROM widget_event_batches
        ORDER BY through_seq`;
      expect(
        batches.map((row: { through_seq: number; session_id: string; events: string }) => ({
          ...row,
          events: (JSON.parse(row.events) as unknown[][]).map((event) => event[1]),
        })),
      ).toEqual([
        { through_seq: seqs[2]?.seq, session_id: busy.id, events: ["pageView", "pageView", "pageView"] },
        { through_seq: seqs[3]?.seq, session_id: quiet.id, events: [] },
      ]);
      expect(await db.sql`SELECT count(*) AS n FROM widget_events`).toEqual([{ n: 0 }]);
      expect((await listSessionEvents(db.sql, busy.id)).map((event) => event.data)).toEqual([
        { page: "https://shop.example/a" },
        { page: "https://shop.example/b" },
        { page: "https://shop.example/c" },
      ]);
    });
  });

  test("seqs go on past every batch's when the next process finds the log empty", async () => {
    const first = await database();
    const session = await createSession(first.sql, first.projectId);
    const writer = createPingWriter(first.sql, { foldAfterMs: 60_000 });
    await writer.record(session.id, { events: [pageView("https://shop.example/first")] });
    await writer.drain();
    expect(logged(first.filename)).toBe(0);
    await first.close();

    const next = await database(first.filename);
    const nextWriter = createPingWriter(next.sql, { foldAfterMs: 60_000 });
    try {
      await nextWriter.record(session.id, { events: [pageView("https://shop.example/next")] });
      await nextWriter.fold();
      const seqs = await next.sql`SELECT through_seq FROM widget_event_batches ORDER BY through_seq`;
      expect(seqs.map((row: { through_seq: number }) => row.through_seq)).toEqual([1, 2]);
      expect((await storedRow(next.sql, session.id)).page_views).toBe(2);
    } finally {
      await nextWriter.drain();
      await next.close();
    }
  });

  test("a merged session's pings folded into the session it joined are not folded again by the next process", async () => {
    const first = await database();
    const writer = createPingWriter(first.sql, { foldAfterMs: 60_000 });
    const [from, into, waiting] = await threeSessions(first);
    await writer.record(waiting.id, { events: [pageView("https://shop.example/waiting")] });
    await writer.record(from.id, { events: [pageView("https://shop.example/anonymous")] });
    await writer.record(into.id, { events: [pageView("https://shop.example/known")] });
    await first.sql`UPDATE widget_sessions SET merged_into = ${into.id} WHERE id = ${from.id}`;
    // Both fold into one session; the waiting session's ping keeps the log from being cut below them.
    await pingLogOf(first.sql)?.fold([from.id, into.id]);
    const folded = await storedRow(first.sql, into.id);
    expect(folded.page_views).toBe(2);
    await first.close();

    const next = await database(first.filename);
    try {
      await openPingLog(next.sql);
      expect(await storedRow(next.sql, into.id)).toEqual(folded);
      expect((await listSessionEvents(next.sql, into.id)).length).toBe(2);
      expect((await storedRow(next.sql, waiting.id)).page_views).toBe(1);
    } finally {
      await next.close();
    }
  });

  test("a group reads a session's row again once this process wrote it, or after sessionRowsKeptMs", async () => {
    await withDatabase(async (db) => {
      let clock = 0;
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000, now: () => clock });
      const session = await createSession(db.sql, db.projectId);
      expect((await writer.record(session.id, { events: [] }))?.name).toBeNull();
      // An identify: the repository's write says so, and the next ping's answer has the name.
      await updateSession(db.sql, session, { name: "Ada" });
      expect((await writer.record(session.id, { events: [] }))?.name).toBe("Ada");
      // A write nobody announced (by hand) is seen once the kept row is old enough.
      await db.sql`UPDATE widget_sessions SET name = ${"Grace"} WHERE id = ${session.id}`;
      expect((await writer.record(session.id, { events: [] }))?.name).toBe("Ada");
      clock += sessionRowsKeptMs + 1;
      expect((await writer.record(session.id, { events: [] }))?.name).toBe("Grace");
      // A merge is seen at once: the merged session's pings answer null (the route looks it up again).
      const into = await createSession(db.sql, db.projectId);
      await mergeSessionInto(db.sql, (await findSessionById(db.sql, session.id)) as StoredSession, into, {});
      expect(await writer.record(session.id, { events: [] })).toBeNull();
      await writer.drain();
    });
  });

  test("a fold reads the session's row whole, and the groups use that read for sessionRowsKeptMs", async () => {
    await withDatabase(async (db) => {
      let clock = 0;
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000, now: () => clock });
      const session = await createSession(db.sql, db.projectId);
      expect(
        (await writer.record(session.id, { events: [pageView("https://shop.example/a")] }))?.name,
      ).toBeNull();
      // Written by hand, unannounced: the kept row does not have it, the fold's read does.
      await db.sql`UPDATE widget_sessions SET name = ${"Ada"} WHERE id = ${session.id}`;
      clock += sessionRowsKeptMs - 1000;
      await pingLogOf(db.sql)?.fold();
      const folded = await writer.record(session.id, { events: [pageView("https://shop.example/b")] });
      expect(folded).toMatchObject({ name: "Ada", pageViews: 2, lastPage: "https://shop.example/b" });
      // Past sessionRowsKeptMs since the group's read, within it since the fold's: not read again.
      await db.sql`UPDATE widget_sessions SET name = ${"Grace"} WHERE id = ${session.id}`;
      clock += 2000;
      expect((await writer.record(session.id, { events: [] }))?.name).toBe("Ada");
      clock += sessionRowsKeptMs;
      expect((await writer.record(session.id, { events: [] }))?.name).toBe("Grace");
      await writer.drain();
    });
  });

  test("sessions by the thousand, coming while others fold, are all folded on their own", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 1000 });
      await writer.ready();
      const log = pingLogOf(db.sql) as NonNullable<ReturnType<typeof pingLogOf>>;
      const ids: string[] = [];
      for (let made = 0; made < 2000; made++) ids.push((await createSession(db.sql, db.projectId)).id);
      const ping = (some: string[]) =>
        Promise.all(
          some.map((id) => writer.record(id, { events: [pageView(`https://shop.example/${id}`)] })),
        );
      await ping(ids.slice(0, 1500));
      await Bun.sleep(300);
      await ping(ids.slice(1500, 1700));
      // The first 1,500 fold while the next 200 wait: the log's order of arrival then holds mostly
      // sessions gone, and is compacted as the last 300 come.
      await until(async () => log.unfolded() <= 200, 10_000, { everyMs: 5 });
      await ping(ids.slice(1700));
      await until(async () => log.unfolded() === 0, 10_000, { everyMs: 5 });
      const [row] = await db.sql`SELECT count(*) AS n, sum(page_views) AS views FROM widget_sessions
        WHERE id IN ${db.sql(ids)}`;
      expect(row).toEqual({ n: 2000, views: 2000 });
      await writer.drain();
      expect(logged(db.filename)).toBe(0);
    });
  }, 30_000);

  test("a fold that fails is reported, and tried again by itself", async () => {
    await withDatabase(async (db) => {
      const errors: unknown[] = [];
      const writer = createPingWriter(db.sql, { foldAfterMs: 20, onError: (error) => errors.push(error) });
      const session = await createSession(db.sql, db.projectId);
      await db.sql`CREATE TRIGGER refuse_all BEFORE INSERT ON widget_event_batches BEGIN SELECT RAISE(ABORT, 'full'); END`;
      await writer.record(session.id, { events: [pageView("https://shop.example/later")] });
      await foldedWithin(async () => errors.length > 0);
      expect(String(errors[0])).toContain("full");
      await db.sql`DROP TRIGGER refuse_all`;
      await foldedWithin(async () => logged(db.filename) === 0);
      expect((await storedRow(db.sql, session.id)).last_page).toBe("https://shop.example/later");
    });
  });
  test("after a fold failed, the log is still cut only below the oldest unfolded ping", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000, onError: () => undefined });
      const [failing, first, second] = await threeSessions(db);
      for (const session of [failing, first, second])
        await writer.record(session.id, { events: [pageView(`https://shop.example/${session.id}`)] });
      await db.sql.unsafe(`CREATE TRIGGER refuse_one BEFORE INSERT ON widget_event_batches
        WHEN NEW.session_id = '${failing.id}' BEGIN SELECT RAISE(ABORT, 'full'); END`);
      // The failing session's ping goes back behind the others, the oldest of the log all the same.
      await pingLogOf(db.sql)?.fold([failing.id]);
      await pingLogOf(db.sql)?.fold([second.id]);
      expect(loggedPings(db.filename).map((ping) => ping.sessionId)).toContain(failing.id);
      await db.sql`DROP TRIGGER refuse_one`;
      await pingLogOf(db.sql)?.fold();
      expect(logged(db.filename)).toBe(0);
      expect((await storedRow(db.sql, failing.id)).page_views).toBe(1);
    });
  });
});

describe("the ping log beside another writer on the file", () => {
  test("a drain folds what it keeps while another process holds the write lock for a moment", async () => {
    await withDatabase(async (db) => {
      const writer = createPingWriter(db.sql, { foldAfterMs: 60_000 });
      const session = await createSession(db.sql, db.projectId);
      await writer.record(session.id, { events: [pageView("https://shop.example/locked")] });
      // Another process (a server starting on the file, a command) writes while this one stops.
      const holder = Bun.spawn(
        [
          process.execPath,
          "-e",
          `const { Database } = require("bun:sqlite");
          const db = new Database(${JSON.stringify(db.filename)});
          db.run("BEGIN IMMEDIATE");
          db.run("INSERT INTO database_writers (id, seen_at_ms) VALUES ('holder', 0)");
          console.log("held");
          setTimeout(() => db.run("ROLLBACK"), 400);`,
        ],
        { stdout: "pipe" },
      );
      const printed = { text: "" };
      await readStdoutUntil(holder.stdout, printed, (text) => text.includes("held"));
      expect(printed.text).toContain("held");
      await writer.drain();
      await holder.exited;
      expect(logged(db.filename)).toBe(0);
      expect((await storedRow(db.sql, session.id)).last_page).toBe("https://shop.example/locked");
    });
  });

  test("pings a writer stopped with, unfolded, are folded by the other once it is alone", async () => {
    const writers = { beatMs: 40, quietMs: 150 };
    const first = await database();
    const firstWriter = createPingWriter(first.sql, {
      foldAfterMs: 60_000,
      writers,
      onError: () => undefined,
    });
    const session = await createSession(first.sql, first.projectId);
    await firstWriter.record(session.id, { events: [pageView("https://shop.example/left-1")] });
    await firstWriter.record(session.id, { events: [pageView("https://shop.example/left-2")] });
    // The first cannot fold (as when the file was locked at its stop): its pings stay in its file.
    await first.sql`CREATE TRIGGER refuse_all BEFORE INSERT ON widget_event_batches BEGIN SELECT RAISE(ABORT, 'full'); END`;
    const second = await database(first.filename);
    const secondWriter = createPingWriter(second.sql, { foldAfterMs: 60_000, writers });
    try {
      // The second has seen the first at its start, and waits for it to fold.
      await until(
        async () => Number((await second.sql`SELECT count(*) AS n FROM database_writers`)[0].n) === 2,
        3000,
        { everyMs: 5 },
      );
      await firstWriter.drain();
      await first.sql`DROP TRIGGER refuse_all`;
      await first.close();
      expect(logged(second.filename)).toBe(2);
      await secondWriter.ready();
      await foldedWithin(async () => logged(second.filename) === 0);
      expect(await storedRow(second.sql, session.id)).toMatchObject({
        page_views: 2,
        last_page: "https://shop.example/left-2",
      });
    } finally {
      await secondWriter.drain();
      await second.close();
    }
  }, 15_000);

  test("a second server on the file reads at once what the first acknowledged, before and after it came", async () => {
    const first = await database();
    const firstWriter = createPingWriter(first.sql, { foldAfterMs: 60_000 });
    const before = await createSession(first.sql, first.projectId);
    await firstWriter.record(before.id, { events: [pageView("https://shop.example/before")] });
    expect(logged(first.filename)).toBe(1);

    // The second waits for the first to fold what it kept, which it does once it sees the second.
    const second = await database(first.filename);
    const secondWriter = createPingWriter(second.sql, { foldAfterMs: 60_000 });
    try {
      await secondWriter.ready();
      expect(await storedRow(second.sql, before.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/before",
      });
      // From now on neither keeps pings unfolded: each is read at once by the other.
      const after = await createSession(first.sql, first.projectId);
      await firstWriter.record(after.id, { events: [pageView("https://shop.example/after")] });
      expect(await storedRow(second.sql, after.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/after",
      });
      await secondWriter.record(after.id, { events: [pageView("https://shop.example/second")] });
      expect(await storedRow(first.sql, after.id)).toMatchObject({
        page_views: 2,
        last_page: "https://shop.example/second",
      });
      expect(logged(first.filename)).toBe(0);
    } finally {
      await secondWriter.drain();
      await firstWriter.drain();
      await second.close();
      await first.close();
    }
  });
});
