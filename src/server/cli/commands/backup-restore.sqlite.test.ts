import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SQL } from "bun";
import { logIn } from "../../test-support/api-calls.ts";
import {
  type FixtureWorkDir,
  fixtureWorkDir,
  loopbackServerEnv,
} from "../../test-support/fixture-work-dir.ts";
import { type Headers, startWidgetSession } from "../../test-support/report-test-support.ts";
import { type ServerProcess, startServerProcess } from "../../test-support/server-process.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { runCli } from "../test-support/cli-process.ts";
import { migratedDataFolder } from "../test-support/migrated-data-folder.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * `gleam backup` while the real server process takes writes, and `gleam restore` of that archive into
 * an empty folder where a new server process serves what was there before the backup began.
 */
let work: FixtureWorkDir;
let source: ServerProcess;
const servers: ServerProcess[] = [];

const folder = (name: string) => join(work.dir, name);

function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    ...loopbackServerEnv(work),
    DATA_DIR: dataDir,
    DEMO_DATA: "minimal",
    LOG_LEVEL: "warn",
    CAPTCHA_PROVIDER: "off",
    RATE_LIMITS: "0",
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

beforeAll(async () => {
  work = await fixtureWorkDir("cli-backup-");
  source = await startServer(folder("source"));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await work?.dispose();
});

/** A snapshot past the size kept in the row, so it is a stored file of its own. */
const snapshotOf = (label: string) => ({
  html: `<!doctype html><main>${`<p>${label}: a page of the shop ✓</p>`.repeat(3000)}</main>`,
  baseUrl: "https://shop.example/",
  width: 1280,
  height: 720,
  isMobile: false,
});

async function fileReport(server: ServerProcess, headers: Headers, label: string): Promise<string> {
  const response = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      type: "BUG",
      formData: { description: label },
      screenshotData: snapshotOf(label),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function upload(
  server: ServerProcess,
  headers: Headers,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "video/webm" }), "recording.webm");
  const response = await fetch(`${server.mainUrl}/api/widget/uploads/sdk`, {
    method: "POST",
    headers,
    body: form,
  });
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { fileUrl: string }).fileUrl).pathname;
}

/**
 * Pings and reports from `loops` visitors as fast as they are answered, until `stop()`; `pings` counts
 * each visitor's answered page views, by session id.
 */
function writeLoad(server: ServerProcess, loops: number) {
  let running = true;
  const reports: string[] = [];
  const pings = new Map<string, number>();
  const work = Array.from({ length: loops }, async (_, loop) => {
    const headers = await startWidgetSession(server.mainUrl);
    const session = headers["Gleap-Id"] as string;
    pings.set(session, 0);
    for (let n = 0; running; n += 1) {
      const ping = await fetch(`${server.mainUrl}/api/widget/sessions/ping`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({
          events: [{ name: "pageView", data: { page: `https://shop.example/${loop}/${n}` } }],
        }),
      });
      expect(ping.status).toBeLessThan(300);
      pings.set(session, n + 1);
      reports.push(await fileReport(server, headers, `load ${loop}.${n}`));
    }
  });
  return {
    reports,
    pings,
    async stop() {
      running = false;
      await Promise.all(work);
    },
  };
}

const archive = () => folder("online.tar");

/**
 * Runs `gleam <args>` with DATA_DIR `dataDir` and expects it to exit with `exitCode`, saying `message` on
 * stderr (the arguments stand beside the code so a failure names the run).
 */
async function expectRun(args: string[], dataDir: string, exitCode: number, message: string) {
  const run = await runCli(args, { DATA_DIR: dataDir });
  expect({ args, exitCode: run.exitCode }).toEqual({ args, exitCode });
  expect(run.stderr).toContain(message);
  return run;
}
let beforeBackup: {
  report: string;
  uploadPath: string;
  recording: Uint8Array<ArrayBuffer>;
  acknowledged: string[];
  /** Page views answered by session before the backup began (most not folded yet). */
  pings: Map<string, number>;
};

describe("gleam backup while the server takes writes, then gleam restore into an empty folder", () => {
  test("the archive is written while pings and reports keep being answered", async () => {
    const headers = await startWidgetSession(source.mainUrl);
    const recording = Uint8Array.from({ length: 200_000 }, (_, index) => (index * 31) % 251);
    const report = await fileReport(source, headers, "filed before the backup");
    const uploadPath = await upload(source, headers, recording);

    const load = writeLoad(source, 3);
    while (load.reports.length < 10) await Bun.sleep(20);
    beforeBackup = {
      report,
      uploadPath,
      recording,
      acknowledged: [...load.reports],
      pings: new Map(load.pings),
    };
    const started = performance.now();
    const run = await runCli(["backup", archive()], { DATA_DIR: folder("source") });
    const backupMs = performance.now() - started;
    const during = load.reports.length - beforeBackup.acknowledged.length;
    await Bun.sleep(300);
    await load.stop();

    expect(run).toMatchObject({ exitCode: 0, stderr: "" });
    expect(run.stdout).toContain(`Backed up to ${archive()}`);
    expect(run.stdout).toMatch(/database {2}SQLite snapshot, .+, migration \d+/);
    const files = Number(/files {5}(\d+) stored files/.exec(run.stdout)?.[1]);
    // Each report before the backup began left its snapshot and its content type; the upload its file.
    expect(files).toBeGreaterThanOrEqual(2 * (beforeBackup.acknowledged.length + 1) + 2);
    // The server went on answering writes while the snapshot was taken.
    expect(during).toBeGreaterThan(0);
    console.info(`backup: ${Math.round(backupMs)} ms, ${files} files, ${during} reports answered meanwhile`);
  });

  test("the restored folder holds a sound database whose every stored part came along", async () => {
    const started = performance.now();
    const run = await runCli(["restore", archive()], { DATA_DIR: folder("restored") });
    console.info(`restore: ${Math.round(performance.now() - started)} ms`);
    expect(run).toMatchObject({ exitCode: 0, stderr: "" });
    expect(run.stdout).toContain(`into ${folder("restored")}`);

    const sql = new SQL({
      adapter: "sqlite",
      filename: join(folder("restored"), "app.sqlite"),
      readonly: true,
    });
    try {
      expect(await sql`PRAGMA integrity_check`).toEqual([{ integrity_check: "ok" }]);
      const rows = (await sql`SELECT id, screenshot_html_key FROM feedback_reports`) as Array<{
        id: string;
        screenshot_html_key: string | null;
      }>;
      const restored = new Set(rows.map((row) => row.id));
      for (const id of [beforeBackup.report, ...beforeBackup.acknowledged])
        expect(restored.has(id)).toBe(true);
      for (const row of rows)
        if (row.screenshot_html_key)
          expect(existsSync(join(folder("restored"), "files", row.screenshot_html_key))).toBe(true);
      // Every page view answered before the backup began is in it, folded or not at the time.
      for (const [id, answered] of beforeBackup.pings) {
        const [session] = (await sql`SELECT page_views FROM widget_sessions WHERE id = ${id}`) as Array<{
          page_views: number;
        }>;
        expect(session?.page_views ?? 0).toBeGreaterThanOrEqual(answered);
      }
    } finally {
      await sql.close();
    }
  });

  test("a server started on the restored folder serves the report and its stored files", async () => {
    const restored = await startServer(folder("restored"));
    const token = await logIn(restored.mainUrl, "admin", "admin");
    const answer = await fetch(`${restored.mainUrl}/api/feedback/${beforeBackup.report}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as { formData: unknown; screenshotData: unknown };
    expect(report.formData).toEqual({ description: "filed before the backup" });
    expect(report.screenshotData).toEqual(snapshotOf("filed before the backup"));
    const recording = await fetch(`${restored.messengerUrl}${beforeBackup.uploadPath}`);
    expect(recording.status).toBe(200);
    expect(new Uint8Array(await recording.arrayBuffer())).toEqual(beforeBackup.recording);
  });
});

describe("gleam backup of page views the server answered and had not folded yet", () => {
  test("they are in the archive's database; the live ping log is left as it was", async () => {
    const live = folder("unfolded");
    const server = await startServer(live);
    const headers = await startWidgetSession(server.mainUrl);
    for (const page of ["https://shop.example/first", "https://shop.example/last"]) {
      const ping = await fetch(`${server.mainUrl}/api/widget/sessions/ping`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ events: [{ name: "pageView", data: { page } }] }),
      });
      expect(ping.status).toBeLessThan(300);
    }
    // Killed within the two seconds a fold waits: the page views are in the log's files only.
    server.kill("SIGKILL");
    await server.exited;
    const session = async (dataDir: string) => {
      const sql = new SQL({ adapter: "sqlite", filename: join(dataDir, "app.sqlite"), readonly: true });
      try {
        const [row] = (await sql`SELECT page_views, last_page FROM widget_sessions
          WHERE id = ${headers["Gleap-Id"]}`) as Array<{ page_views: number; last_page: string | null }>;
        const [batches] = (await sql`SELECT count(*) AS n FROM widget_event_batches
          WHERE session_id = ${headers["Gleap-Id"]}`) as Array<{ n: number }>;
        return { ...row, batches: batches?.n };
      } finally {
        await sql.close();
      }
    };
    expect(await session(live)).toEqual({ page_views: 0, last_page: null, batches: 0 });
    const logged = await listing(join(live, "app.sqlite-pings"));
    expect(logged.length).toBeGreaterThan(0);

    const archived = folder("unfolded.tar");
    expect(await runCli(["backup", archived], { DATA_DIR: live })).toMatchObject({ exitCode: 0, stderr: "" });
    // The live log as it was: its files, and no marker left holding its cuts.
    expect(await listing(join(live, "app.sqlite-pings"))).toEqual(logged);
    expect(await listing(folder("."))).not.toContainEqual(expect.stringContaining("partial"));

    const restored = folder("unfolded-restored");
    expect(await runCli(["restore", archived], { DATA_DIR: restored })).toMatchObject({ exitCode: 0 });
    expect(await session(restored)).toEqual({
      page_views: 2,
      last_page: "https://shop.example/last",
      batches: 1,
    });
    expect(await listing(join(restored, "app.sqlite-pings"))).toEqual([]);
  });
});

/** The names under a folder, recursively, with their sizes: what "nothing changed" compares. */
async function listing(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => `${path.slice(dir.length)} ${existsSync(path) ? Bun.file(path).size : -1}`)
    .sort();
}

describe("gleam restore refuses what would lose data or restore something unsound", () => {
  test("a folder that is not empty: exit 3, nothing changed", async () => {
    const occupied = folder("occupied");
    await mkdir(join(occupied, "files"), { recursive: true });
    await writeFile(join(occupied, "notes.txt"), "the operator's");
    await writeFile(join(occupied, "files", "kept.bin"), "a stored file");
    const before = await listing(occupied);
    await expectRun(
      ["restore", archive()],
      occupied,
      3,
      "is not empty (files, notes.txt): restore into an empty folder, or pass --force",
    );
    expect(await listing(occupied)).toEqual(before);
  });

  test("a damaged or truncated archive: exit 1 before anything is written", async () => {
    const bytes = await Bun.file(archive()).bytes();
    const flipped = bytes.slice();
    // Inside the database entry: past the label's two blocks and the database's header.
    flipped[4096] = (flipped[4096] as number) ^ 0xff;
    await writeFile(folder("flipped.tar"), flipped);
    await writeFile(folder("truncated.tar"), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await writeFile(folder("not-a-backup.tar"), "hello");
    for (const [name, message] of [
      ["flipped.tar", "database/app.sqlite does not match its checksum"],
      ["truncated.tar", "truncated"],
      ["not-a-backup.tar", "The archive is damaged"],
    ]) {
      const run = await expectRun(["restore", folder(name as string)], folder("never"), 1, message as string);
      expect(run.stderr).not.toContain("    at ");
      expect(existsSync(folder("never"))).toBe(false);
    }
  });

  test("an archive from a newer build (a migration this build does not know): exit 3", async () => {
    await migratedDataFolder(folder("newer"), { newerBuild: true });
    await expectRun(["backup", folder("newer.tar")], folder("newer"), 0, "written by a newer build");

    await expectRun(
      ["restore", folder("newer.tar")],
      folder("never"),
      3,
      "at migration 9999, newer than this build knows",
    );
    expect(existsSync(folder("never"))).toBe(false);
  });

  test("--force over a database a server has open is refused; over a stopped install it replaces both", async () => {
    const target = folder("forced");
    await mkdir(join(target, "files"), { recursive: true });
    await copyFile(archive(), folder("copy.tar"));
    const install = await startServer(target);
    await writeFile(join(target, "files", "stray.bin"), "not in the backup");

    await expectRun(["restore", folder("copy.tar"), "--force"], target, 3, "is in use: stop the server");
    expect(existsSync(join(target, "files", "stray.bin"))).toBe(true);

    await install.stop();
    const forced = await runCli(["restore", folder("copy.tar"), "--force"], { DATA_DIR: target });
    expect(forced).toMatchObject({ exitCode: 0, stderr: "" });
    expect(existsSync(join(target, "files", "stray.bin"))).toBe(false);
    expect((await readdir(target)).sort()).toEqual(["app.sqlite", "files"]);
    const restarted = await startServer(target);
    const token = await logIn(restarted.mainUrl, "admin", "admin");
    const answer = await fetch(`${restarted.mainUrl}/api/feedback/${beforeBackup.report}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
  });
});

describe("gleam restore --force over a damaged install", () => {
  test("a database file SQLite cannot read is replaced like any other", async () => {
    const target = folder("damaged-install");
    await mkdir(target, { recursive: true });
    await writeFile(join(target, "app.sqlite"), crypto.getRandomValues(new Uint8Array(8192)));
    await writeFile(join(target, "app.sqlite-wal"), "a WAL of another database");
    // Pings logged for that database: folded into the restored one, they would count visits it never had.
    await mkdir(join(target, "app.sqlite-pings"));
    await writeFile(join(target, "app.sqlite-pings", "0000000000000001.jsonl"), '[1,"a session",""]\n');
    const run = await runCli(["restore", archive(), "--force"], { DATA_DIR: target });
    expect(run).toMatchObject({ exitCode: 0, stderr: "" });
    expect((await readdir(target)).sort()).toEqual(["app.sqlite", "files"]);
    const sql = new SQL({ adapter: "sqlite", filename: join(target, "app.sqlite"), readonly: true });
    expect(await sql`PRAGMA integrity_check`).toEqual([{ integrity_check: "ok" }]);
    await sql.close();
  });
});

describe("arguments", () => {
  test("--help answers 0; a missing or extra file, an unknown flag answer 2 with the usage and no stack", async () => {
    for (const command of ["backup", "restore"]) {
      const help = await runCli([command, "--help"], {});
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toStartWith(`Usage: gleam ${command} <file> [--force]`);
      for (const args of [[command], [command, "a.tar", "b.tar"], [command, "a.tar", "--compress"]]) {
        const run = await expectRun(args, folder("source"), 2, `Usage: gleam ${command} <file>`);
        expect(run.stderr).not.toContain("    at ");
      }
    }
  });

  test("backup refuses to overwrite a file without --force (3) and names a missing folder (1)", async () => {
    await expectRun(["backup", archive()], folder("source"), 3, "exists: pass --force to replace it");
    await expectRun(["backup", folder("no/such/folder.tar")], folder("source"), 1, "does not exist");
    await expectRun(["backup", folder("nothing.tar")], folder("empty"), 1, "No database at");
  });
});
