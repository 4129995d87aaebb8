import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { demoSqliteInMemory } from "../../test-support/demo-sqlite-in-memory.ts";
import type { PingLog } from "./ping-log.ts";
import { pingLogOf } from "./ping-log-registry.ts";
import { combinedActivity, createPingWriter, eventRows, groupTime, sessionActivity } from "./ping-writes.ts";
import {
  createSession,
  findSessionById,
  listSessionEvents,
  mergeSessionInto,
  type StoredSession,
} from "./sessions-repository.ts";

let sql: SQL;
let close: () => Promise<void>;
let projectId: string;

beforeAll(async () => {
  ({ sql, close, projectId } = await demoSqliteInMemory());
});
afterAll(() => close());

const pageView = (page: string) => ({ name: "pageView", data: { page } });

describe("sessionActivity and combinedActivity", () => {
  test("a group's pings of one session add up like the pings one after the other", () => {
    const now = groupTime(new Date("2026-01-01T12:00:00.000Z"));
    const first = sessionActivity(
      { durationSeconds: 40.7, sdkVersion: "1.0", events: [pageView("/a")] },
      now,
    );
    const second = sessionActivity(
      { durationSeconds: 12, events: [pageView("/b"), { name: "click", data: undefined }] },
      now,
    );
    const third = sessionActivity({ events: [{ name: "click", data: { page: 3 } }] }, now);
    expect(first).toEqual({
      now: "2026-01-01T12:00:00.000Z",
      idleSince: "2026-01-01T11:30:00.000Z",
      pageViews: 1,
      lastPage: "/a",
      sdkVersion: "1.0",
      durationSeconds: 40,
    });
    expect(combinedActivity([first, second, third])).toEqual({
      ...first,
      pageViews: 2,
      lastPage: "/b",
      sdkVersion: "1.0",
      durationSeconds: 40,
    });
  });
});

describe("eventRows", () => {
  test("an event's date is kept in ISO form: the SDK's as it came, any other parsed, a bad one is now", () => {
    const now = "2026-01-01T12:00:00.000Z";
    const rows = eventRows(
      "s1",
      [
        { name: "a", date: "2025-12-31T23:59:59.123Z", data: undefined },
        { name: "b", date: "2025-12-31T23:59:59Z", data: undefined },
        { name: "c", date: "Wed, 31 Dec 2025 22:00:00 GMT", data: undefined },
        { name: "d", date: "2025-13-45T99:99:99.999Z", data: undefined },
        { name: "e", date: "yesterday", data: undefined },
        { name: "f", data: undefined },
      ],
      now,
    );
    expect(rows.map((row) => row.occurred_at)).toEqual([
      "2025-12-31T23:59:59.123Z",
      "2025-12-31T23:59:59.000Z",
      "2025-12-31T22:00:00.000Z",
      now,
      now,
      now,
    ]);
  });
});

/** The row as stored, without folding anything first. */
async function storedRow(id: string) {
  const [row] =
    await sql`SELECT page_views, last_page, duration_seconds, sdk_version FROM widget_sessions WHERE id = ${id}`;
  return row;
}

describe("the ping writer", () => {
  test("pings arriving together are committed as one group; each gets its session as written", async () => {
    const writer = createPingWriter(sql);
    const a = await createSession(sql, projectId);
    const b = await createSession(sql, projectId);
    const answers = await Promise.all([
      writer.record(a.id, { durationSeconds: 5, events: [pageView("https://shop.example/1")] }),
      writer.record(b.id, { events: [pageView("https://shop.example/x")] }),
      writer.record(a.id, {
        durationSeconds: 9,
        sdkVersion: "14.6.7",
        events: [pageView("https://shop.example/2")],
      }),
    ]);
    expect(answers.map((session) => session?.id)).toEqual([a.id, b.id, a.id]);
    expect(answers[0]).toMatchObject({
      pageViews: 2,
      lastPage: "https://shop.example/2",
      durationSeconds: 9,
    });
    // Logged, not folded yet: the row is as it was, and a read by id reads through the log.
    expect(await storedRow(a.id)).toEqual({
      page_views: 0,
      last_page: null,
      duration_seconds: 0,
      sdk_version: null,
    });
    expect(await findSessionById(sql, a.id)).toMatchObject({
      pageViews: 2,
      lastPage: "https://shop.example/2",
    });
    await writer.fold();
    expect(await storedRow(a.id)).toEqual({
      page_views: 2,
      last_page: "https://shop.example/2",
      duration_seconds: 9,
      sdk_version: "14.6.7",
    });
    expect(await findSessionById(sql, a.id)).toEqual(answers[0] as StoredSession);
    expect((await listSessionEvents(sql, a.id)).map((event) => event.data)).toEqual([
      { page: "https://shop.example/1" },
      { page: "https://shop.example/2" },
    ]);
    expect((await listSessionEvents(sql, b.id)).length).toBe(1);
    expect(pingLogOf(sql)?.unfolded()).toBe(0);
  });

  test("a ping that fails its group fails alone: the others of the group are committed", async () => {
    const writer = createPingWriter(sql);
    await writer.ready();
    const good = await createSession(sql, projectId);
    // Validation lets no bad ping reach the writer, and the log's append fails only as a whole (a full
    // disk): this test makes it refuse a group holding the one poisoned ping.
    const log = pingLogOf(sql) as PingLog;
    const append = log.append;
    log.append = (pings) => {
      if (pings.some((ping) => ping.eventsJson.includes('"poison"'))) throw new Error("poisoned ping");
      append.call(log, pings);
    };
    try {
      const results = await Promise.allSettled([
        writer.record(good.id, { events: [pageView("https://shop.example/ok-1")] }),
        writer.record(good.id, { events: [{ name: "poison", data: undefined }] }),
        writer.record(good.id, { events: [pageView("https://shop.example/ok-2")] }),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    } finally {
      log.append = append;
    }
    await writer.fold();
    expect((await listSessionEvents(sql, good.id)).map((event) => event.name)).toEqual([
      "pageView",
      "pageView",
    ]);
    expect(await storedRow(good.id)).toMatchObject({ page_views: 2 });
  });

  test("a session whose fold fails stays logged and read through, the others fold; it folds once it can", async () => {
    const writer = createPingWriter(sql);
    const good = await createSession(sql, projectId);
    const bad = await createSession(sql, projectId);
    await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON widget_event_batches WHEN NEW.events LIKE '%"poison"%'
      BEGIN SELECT RAISE(ABORT, 'poisoned event'); END`;
    const log = pingLogOf(sql);
    try {
      await Promise.all([
        writer.record(good.id, { events: [pageView("https://shop.example/fine")] }),
        writer.record(bad.id, {
          events: [pageView("https://shop.example/held"), { name: "poison", data: undefined }],
        }),
      ]);
      await writer.fold();
      expect(await storedRow(good.id)).toMatchObject({
        page_views: 1,
        last_page: "https://shop.example/fine",
      });
      expect(await storedRow(bad.id)).toMatchObject({ page_views: 0, last_page: null });
      expect(log?.of(bad.id).length).toBe(1);
      expect(await findSessionById(sql, bad.id)).toMatchObject({
        pageViews: 1,
        lastPage: "https://shop.example/held",
      });
    } finally {
      await sql`DROP TRIGGER refuse_poison`;
    }
    await writer.fold();
    expect(log?.of(bad.id)).toEqual([]);
    expect(await storedRow(bad.id)).toMatchObject({ page_views: 1, last_page: "https://shop.example/held" });
    expect((await listSessionEvents(sql, bad.id)).map((event) => event.name)).toEqual(["pageView", "poison"]);
  });

  test("a session merged into another or gone is not written: the ping answers null and stores nothing", async () => {
    const writer = createPingWriter(sql);
    const from = await createSession(sql, projectId);
    const into = await createSession(sql, projectId);
    await mergeSessionInto(sql, from, into, {});
    expect(await writer.record(from.id, { events: [pageView("https://shop.example/m")] })).toBeNull();
    expect(
      await writer.record("no-such-session", { events: [pageView("https://shop.example/m")] }),
    ).toBeNull();
    expect(await listSessionEvents(sql, from.id)).toEqual([]);
    const stored = (await writer.record(into.id, { events: [] })) as StoredSession;
    expect(stored.id).toBe(into.id);
    await writer.fold();
  });

  test("a group is bounded: past maxBatch the rest waits for the next group", async () => {
    const session = await createSession(sql, projectId);
    const groups: number[] = [];
    const bounded = createPingWriter(sql, { maxBatch: 2, onCommit: (_, pings) => groups.push(pings) });
    await Promise.all(Array.from({ length: 5 }, () => bounded.record(session.id, { events: [] })));
    expect(groups).toEqual([2, 2, 1]);
    await bounded.fold();
  });

  test("on SQLite a group is appended to the ping log, which folds it on Bun.SQL's own connection", async () => {
    const writer = createPingWriter(sql);
    expect(await writer.writesOnConnection()).toBe(true);
    const session = await createSession(sql, projectId);
    await writer.record(session.id, { events: [pageView("https://shop.example/direct")] });
    expect(
      pingLogOf(sql)
        ?.of(session.id)
        .map((ping) => ping.lastPage),
    ).toEqual(["https://shop.example/direct"]);
    // Bun.SQL reads what the fold committed: one connection, one database.
    await writer.fold();
    const [row] = await sql`SELECT last_page FROM widget_sessions WHERE id = ${session.id}`;
    expect(row).toEqual({ last_page: "https://shop.example/direct" });
  });

  test("while Bun.SQL has a transaction open, a group waits for it and is not rolled back with it", async () => {
    const writer = createPingWriter(sql);
    await writer.writesOnConnection();
    const session = await createSession(sql, projectId);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = sql.begin(async (tx) => {
      await tx`UPDATE widget_sessions SET page_views = 100 WHERE id = ${session.id}`;
      await held;
      throw new Error("rolled back on purpose");
    });
    let written = false;
    const ping = writer
      .record(session.id, { events: [pageView("https://shop.example/held")] })
      .then((stored) => {
        written = true;
        return stored;
      });
    await Bun.sleep(20);
    expect(written).toBe(false);
    release();
    await expect(failing).rejects.toThrow("rolled back on purpose");
    expect((await ping)?.pageViews).toBe(1);
    await writer.fold();
    const [row] = await sql`SELECT page_views, last_page FROM widget_sessions WHERE id = ${session.id}`;
    expect(row).toEqual({ page_views: 1, last_page: "https://shop.example/held" });
    expect((await listSessionEvents(sql, session.id)).length).toBe(1);
  });
});
