import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { migrations, runMigrations } from "../../database/migrations.ts";
import { writeFixtureDist } from "../../test-support/fixture-dist.ts";
import { startRedis } from "../../test-support/redis-process.ts";
import { type FakeS3, startFakeS3 } from "../../test-support/s3rver.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { problem, runCheck } from "./check-line.ts";
import { checkDataFolder } from "./data-folder-check.ts";
import { checkDatabase } from "./database-check.ts";
import { checkReadiness } from "./readiness.ts";
import { checkRedis } from "./redis-check.ts";
import { checkS3 } from "./s3-check.ts";
import { checkSmtp } from "./smtp-check.ts";

// Each check of `gleam check` against the real thing: SQLite files, a redis-server, s3rver.
setDefaultTimeout(processTestTimeoutMs);

let workDir: string;
let redis: { url: string; stop(): Promise<void> };
let s3: FakeS3;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "readiness-checks-"));
  [redis, s3] = await Promise.all([startRedis(), startFakeS3("check-bucket")]);
});

afterAll(async () => {
  await Promise.all([redis?.stop(), s3?.stop()]);
  await rm(workDir, { recursive: true, force: true });
});

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  return port;
}

async function sqliteFile(name: string, fill: (sql: SQL) => Promise<unknown>): Promise<string> {
  const filename = join(workDir, `${name}.sqlite`);
  const sql = new SQL({ adapter: "sqlite", filename, create: true, readwrite: true });
  await fill(sql);
  await sql.close();
  return filename;
}

const sqlite = (filename: string) => ({ engine: "sqlite" as const, filename });

describe("database check", () => {
  test("a file not made yet is fine, and is not made by the check", async () => {
    const filename = join(workDir, "fresh", "app.sqlite");
    const line = await checkDatabase(sqlite(filename));
    expect(line.outcome).toBe("ok");
    expect(line.detail).toContain(`serve creates it and applies the ${migrations.length} migrations`);
    expect(existsSync(filename)).toBe(false);
  });

  test("a migrated database is up to date; one behind lists what serve will apply", async () => {
    const current = await sqliteFile("current", (sql) => runMigrations(sql));
    const latest = Math.max(...migrations.map((migration) => migration.id));
    expect(await checkDatabase(sqlite(current))).toMatchObject({
      outcome: "ok",
      detail: expect.stringContaining(`schema up to date (migration ${latest})`),
    });
    const behind = await sqliteFile("behind", (sql) => runMigrations(sql, migrations.slice(0, -1)));
    const line = await checkDatabase(sqlite(behind));
    expect(line.outcome).toBe("ok");
    expect(line.detail).toContain(`1 migration(s) pending (${migrations.at(-1)?.name})`);
  });

  test("a newer release's database, another product's and a file that is no database are problems", async () => {
    const ahead = await sqliteFile("ahead", async (sql) => {
      await runMigrations(sql);
      await sql`INSERT INTO schema_migrations (id, name, applied_at) VALUES (9999, 'from-the-future', 'now')`;
    });
    expect(await checkDatabase(sqlite(ahead))).toMatchObject({
      outcome: "problem",
      detail: expect.stringContaining("newer release (migration 9999 unknown here)"),
    });
    const foreign = await sqliteFile("foreign", (sql) => sql`CREATE TABLE invoices (id INTEGER)`);
    expect(await checkDatabase(sqlite(foreign))).toMatchObject({
      outcome: "problem",
      detail: expect.stringContaining("holds tables (invoices) but no migration record"),
    });
    const garbage = join(workDir, "garbage.sqlite");
    await writeFile(garbage, "this is not a database, only text long enough to be read as one ".repeat(20));
    expect((await checkDatabase(sqlite(garbage))).outcome).toBe("problem");
  });
});

describe("data folder check", () => {
  test("an existing folder is probed; a missing one under a writable folder is fine and not made", async () => {
    expect(await checkDataFolder(workDir)).toMatchObject({ outcome: "ok", detail: `${workDir} is writable` });
    const missing = join(workDir, "later", "data");
    expect((await checkDataFolder(missing)).outcome).toBe("ok");
    expect(existsSync(missing)).toBe(false);
  });

  test("a path under a file is a problem naming DATA_DIR", async () => {
    const file = join(workDir, "plain-file");
    await writeFile(file, "x");
    expect(await checkDataFolder(join(file, "data"))).toEqual(
      problem("data folder", `${file} is a file, not a folder: set DATA_DIR to a writable folder`),
    );
  });
});

describe("redis, s3 and smtp checks", () => {
  test("redis answers PING; a closed port is a problem, without the password", async () => {
    expect((await checkRedis(redis.url)).outcome).toBe("ok");
    const refused = await checkRedis(`redis://:hunter2@127.0.0.1:${await closedPort()}`);
    expect(refused.outcome).toBe("problem");
    expect(refused.detail).not.toContain("hunter2");
  });

  test("s3 takes and deletes an object; a bucket that does not exist is a problem", async () => {
    expect(await checkS3(s3.target)).toMatchObject({ outcome: "ok" });
    expect((await checkS3({ ...s3.target, bucket: "no-such-bucket" })).outcome).toBe("problem");
  });

  test("smtp settings parse without contacting the server; a bad MAIL_FROM is a problem", () => {
    expect(checkSmtp(undefined).outcome).toBe("ok");
    const good = checkSmtp({
      url: "smtp://user:secret@mail.example.org:587",
      from: "Team <team@example.org>",
    });
    expect(good.outcome).toBe("ok");
    expect(good.detail).not.toContain("secret");
    expect(checkSmtp({ url: "smtp://mail.example.org", from: "nobody" })).toMatchObject({
      outcome: "problem",
      detail: expect.stringContaining("MAIL_FROM"),
    });
  });
});

describe("runCheck", () => {
  test("a check that never answers is a problem at its deadline; one that throws is one line", async () => {
    const silent = await runCheck("redis", () => new Promise(() => {}), 50);
    expect(silent).toEqual(problem("redis", "no answer within 0.05 s"));
    const thrown = await runCheck("s3", async () => {
      throw new Error("access denied");
    });
    expect(thrown).toEqual(problem("s3", "access denied"));
  });
});

describe("checkReadiness", () => {
  test("a good environment with Redis, S3 and SMTP set is all ok", async () => {
    const dist = join(workDir, "dist");
    await writeFixtureDist(dist);
    const lines = await checkReadiness(
      {
        DATA_DIR: "data",
        DIST_DIR: dist,
        REDIS_URL: redis.url,
        S3_BUCKET: "check-bucket",
        S3_ENDPOINT: s3.target.endpoint,
        S3_REGION: s3.target.region,
        S3_ACCESS_KEY_ID: s3.target.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.target.secretAccessKey,
        SMTP_URL: "smtp://mail.example.org:25",
      },
      workDir,
    );
    expect(lines.map((line) => [line.name, line.outcome])).toEqual([
      ["configuration", "ok"],
      ["data folder", "ok"],
      ["database", "ok"],
      ["redis", "ok"],
      ["s3", "ok"],
      ["smtp", "ok"],
      ["assets", "ok"],
    ]);
  });

  test("every invalid variable is a problem, and the checks that need one are skipped", async () => {
    await mkdir(join(workDir, "bad"), { recursive: true });
    const lines = await checkReadiness(
      {
        PORT: "http",
        REDIS_URL: "localhost:6379",
        S3_BUCKET: "b",
        S3_ENDPOINT: "ftp://x",
        DIST_DIR: "nowhere",
      },
      join(workDir, "bad"),
    );
    const shown = lines.map((line) => `${line.outcome} ${line.name}: ${line.detail}`);
    expect(shown).toContain('problem configuration: PORT must be a port number from 0 to 65535, got "http"');
    expect(shown).toContain("problem configuration: REDIS_URL must start with redis:// or rediss://");
    expect(shown).toContain(
      'problem configuration: S3_ENDPOINT must be an absolute http(s) URL, got "ftp://x"',
    );
    expect(shown).toContain("skipped redis: fix REDIS_URL first");
    expect(shown).toContain("skipped s3: fix S3_ENDPOINT first");
    expect(lines.find((line) => line.name === "database")?.outcome).toBe("ok");
    expect(lines.find((line) => line.name === "assets")?.outcome).toBe("problem");
  });
});
