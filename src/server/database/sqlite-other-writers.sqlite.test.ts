import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readStdoutUntil } from "../test-support/stdout-until.ts";
import { type OtherWriters, watchOtherWriters } from "./sqlite-other-writers.ts";
import { thisWriterProcess } from "./writer-process.ts";

// Two connections on one WAL file stand for two server processes (SQLite tells connections apart,
// not processes); beats are shortened so the tests take a fraction of a second.
let dir = "";
let files = 0;
const open: Database[] = [];
const watching: OtherWriters[] = [];
const beats = { beatMs: 40, quietMs: 300 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "other-writers-"));
});
afterEach(() => {
  for (const writers of watching.splice(0)) writers.stop();
  for (const connection of open.splice(0)) connection.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function connect(filename: string): Database {
  const connection = new Database(filename, { create: true });
  connection.exec("PRAGMA journal_mode = WAL");
  connection.exec("PRAGMA busy_timeout = 2000");
  connection.exec(
    `CREATE TABLE IF NOT EXISTS database_writers
      (id TEXT PRIMARY KEY, seen_at_ms INTEGER NOT NULL, process_scope TEXT, process_id INTEGER)`,
  );
  connection.exec("CREATE TABLE IF NOT EXISTS notes (body TEXT)");
  open.push(connection);
  return connection;
}

async function watch(connection: Database): Promise<OtherWriters> {
  const writers = await watchOtherWriters(connection, beats);
  watching.push(writers);
  return writers;
}

const file = () => join(dir, `writers-${++files}.sqlite`);

test("a writer alone on the file is alone from the start, and its own commits keep it so", async () => {
  const connection = connect(file());
  const writers = await watch(connection);
  expect(writers.othersAtStart).toBe(false);
  expect(writers.alone()).toBe(true);
  connection.exec("INSERT INTO notes VALUES ('mine')");
  await Bun.sleep(beats.beatMs * 2);
  expect(writers.alone()).toBe(true);
});

test("another connection's commit makes a writer not alone, until it has been quiet for quietMs", async () => {
  const filename = file();
  const writers = await watch(connect(filename));
  const other = connect(filename);
  other.exec("INSERT INTO notes VALUES ('theirs')");
  expect(writers.alone()).toBe(false);
  await Bun.sleep(beats.quietMs + 50);
  expect(writers.alone()).toBe(true);
});

test("a writer starting beside a live one is not alone, and neither is the live one once it beats", async () => {
  const filename = file();
  const first = await watch(connect(filename));
  const second = await watch(connect(filename));
  expect(second.othersAtStart).toBe(true);
  expect(second.alone()).toBe(false);
  expect(first.alone()).toBe(false);
  // Both beat: neither is ever quiet long enough.
  await Bun.sleep(beats.quietMs * 2);
  expect(first.alone()).toBe(false);
  expect(second.alone()).toBe(false);
  // Once one stops, the other is alone after quietMs.
  second.stop();
  await Bun.sleep(beats.quietMs + beats.beatMs * 2);
  // On a loaded machine the last beat may land late: alone within a few more beats.
  const aloneBy = Date.now() + beats.quietMs * 3;
  while (!first.alone() && Date.now() < aloneBy) await Bun.sleep(beats.beatMs);
  expect(first.alone()).toBe(true);
});

test("a fresh row whose writer no longer beats (killed) does not count", async () => {
  const filename = file();
  const killed = connect(filename);
  killed.prepare("INSERT INTO database_writers (id, seen_at_ms) VALUES (?, ?)").run("gone", Date.now());
  killed.close();
  open.splice(open.indexOf(killed), 1);
  const writers = await watch(connect(filename));
  expect(writers.othersAtStart).toBe(false);
  expect(writers.alone()).toBe(true);
});

/** Quiet periods no test waits out: a start that took this long waited for a beat. */
const longBeats = { beatMs: 10_000, quietMs: 20_000 };

/**
 * A writer in a process of its own, as a second server on the file is: it says "watching" once its
 * row is written, and beats every 40 ms until it is killed.
 */
async function writerProcess(filename: string): Promise<Bun.Subprocess<"ignore", "pipe", "inherit">> {
  const module = JSON.stringify(join(import.meta.dir, "sqlite-other-writers.ts"));
  const script = `
    import { Database } from "bun:sqlite";
    const { watchOtherWriters } = await import(${module});
    const connection = new Database(${JSON.stringify(filename)});
    connection.exec("PRAGMA busy_timeout = 2000");
    await watchOtherWriters(connection, { beatMs: 40, quietMs: 300 });
    console.log("watching");
    setInterval(() => {}, 1000);`;
  const child = Bun.spawn([process.execPath, "-e", script], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
  });
  if (!(await readStdoutUntil(child.stdout, { text: "" }, (text) => text.includes("watching"))))
    throw new Error("the writer process ended before it watched");
  return child;
}

test("a fresh row of a process killed a moment ago does not hold a start: it is gone at once", async () => {
  const filename = file();
  connect(filename);
  const killed = await writerProcess(filename);
  killed.kill("SIGKILL");
  await killed.exited;
  const connection = connect(filename);
  const started = performance.now();
  const writers = await watchOtherWriters(connection, longBeats);
  watching.push(writers);
  expect(writers.othersAtStart).toBe(false);
  // Waiting for the killed one's beat would have taken longBeats.quietMs.
  expect(performance.now() - started).toBeLessThan(longBeats.quietMs / 4);
  const rows = connection.prepare("SELECT process_id AS pid FROM database_writers").all() as Array<{
    pid: number;
  }>;
  expect(rows.map((row) => row.pid)).toEqual([process.pid]);
});

test("a live writer in another process is one at start, and its beats keep this one from being alone", async () => {
  const filename = file();
  connect(filename);
  const live = await writerProcess(filename);
  try {
    const writers = await watch(connect(filename));
    expect(writers.othersAtStart).toBe(true);
    await Bun.sleep(beats.quietMs + 100);
    expect(writers.alone()).toBe(false);
  } finally {
    live.kill("SIGKILL");
    await live.exited;
  }
});

test("a row of this process whose writer stopped is gone at once (one that runs is waited for, above)", async () => {
  const filename = file();
  const here = thisWriterProcess();
  const connection = connect(filename);
  connection
    .prepare("INSERT INTO database_writers (id, seen_at_ms, process_scope, process_id) VALUES (?, ?, ?, ?)")
    .run("stopped-in-this-process", Date.now(), here.scope, here.pid);
  const started = performance.now();
  const writers = await watchOtherWriters(connection, longBeats);
  watching.push(writers);
  expect(writers.othersAtStart).toBe(false);
  expect(performance.now() - started).toBeLessThan(longBeats.quietMs / 4);
});

test("a row of a process this one cannot look into (another machine or container) is waited for", async () => {
  const filename = file();
  const connection = connect(filename);
  connection
    .prepare("INSERT INTO database_writers (id, seen_at_ms, process_scope, process_id) VALUES (?, ?, ?, ?)")
    .run("elsewhere", Date.now(), "another boot pid:[1]", 1);
  const started = performance.now();
  const writers = await watch(connection);
  // It did not beat within quietMs: a killed writer after all, told the way every writer was before.
  expect(writers.othersAtStart).toBe(false);
  expect(performance.now() - started).toBeGreaterThanOrEqual(beats.quietMs - 10);
});

test("a live writer whose row another took away writes it back at its next beat", async () => {
  const filename = file();
  await watch(connect(filename));
  const other = connect(filename);
  other.exec("DELETE FROM database_writers");
  await Bun.sleep(beats.beatMs * 3);
  const rows = other.prepare("SELECT process_id AS pid FROM database_writers").all() as Array<{
    pid: number;
  }>;
  expect(rows.map((row) => row.pid)).toEqual([process.pid]);
});
