import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SQL } from "bun";
import { logIn } from "../../test-support/api-calls.ts";
import { clusterAdministration } from "../../test-support/empty-postgres-database.ts";
import {
  type FixtureWorkDir,
  fixtureWorkDir,
  loopbackServerEnv,
} from "../../test-support/fixture-work-dir.ts";
import { postgresPassUrl } from "../../test-support/postgres-pass.ts";
import { type ServerProcess, startServerProcess } from "../../test-support/server-process.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { printedPassword, runCli } from "../test-support/cli-process.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * `gleam admin`, `backup` and `restore` with DATABASE_URL on PostgreSQL: the first admin of a brand-new
 * database, a password reset beside the running server, and a backup that holds the files and prints
 * the pg_dump line for the database with its password masked.
 */
const name = `cli_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
let admin: SQL;
let databaseUrl: string;
let work: FixtureWorkDir;
let server: ServerProcess;

beforeAll(async () => {
  admin = clusterAdministration(postgresPassUrl());
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(postgresPassUrl());
  url.pathname = `/${name}`;
  // The pass's cluster trusts loopback, so any password is accepted: this one must never be printed.
  url.password = "s3cret-pass";
  databaseUrl = url.href;
  work = await fixtureWorkDir("cli-postgres-");
});

afterAll(async () => {
  await server?.stop();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
  await work?.dispose();
});

const env = () => ({ DATABASE_URL: databaseUrl, DATA_DIR: join(work.dir, "data") });

describe("the operator's commands on PostgreSQL", () => {
  test("the first admin of an empty database: migrations applied, then the admin signs in", async () => {
    const run = await runCli(["admin", "create", "--email", "ops@example.com", "--name", "Ops"], env());
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/The database .+ was empty: applied \d+ migrations/);
    server = await startServerProcess({
      ...loopbackServerEnv(work),
      ...env(),
      LOG_LEVEL: "warn",
      CAPTCHA_PROVIDER: "off",
    });
    await logIn(server.mainUrl, "ops@example.com", printedPassword(run.stdout));
  });

  test("reset-password beside the running server ends the old sign-in", async () => {
    const reset = await runCli(["admin", "reset-password", "--email", "ops@example.com"], env(), {
      stdin: "a-new-password\n",
    });
    expect(reset.exitCode).toBe(0);
    const token = await logIn(server.mainUrl, "ops", "a-new-password");
    const again = await runCli(["admin", "reset-password", "--email", "ops@example.com"], env(), {
      stdin: "a-third-password\n",
    });
    expect(again.exitCode).toBe(0);
    const profile = await fetch(`${server.mainUrl}/api/admin/profile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(401);
  });

  test("backup holds the stored files and prints the pg_dump line, its password masked; restore puts the files back", async () => {
    // The first admin came before any seed, so there is no widget project to upload through: a stored
    // file as local storage lays it out (the key, and its content type beside it).
    const uploads = join(work.dir, "data", "files", "uploads");
    await mkdir(uploads, { recursive: true });
    await writeFile(join(uploads, "clip.webm"), new Uint8Array(5000).fill(7));
    await writeFile(join(uploads, "clip.webm.type"), "video/webm");
    const archive = join(work.dir, "postgres.tar");
    const run = await runCli(["backup", archive], env());
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("database  on PostgreSQL: not in this archive");
    expect(run.stdout).toContain(`pg_dump --format=custom --file='${join(work.dir, "postgres")}.pgdump'`);
    const withoutPassword = new URL(databaseUrl);
    withoutPassword.password = "";
    expect(run.stdout).toContain(`'${withoutPassword.href}'`);
    expect(run.stdout + run.stderr).not.toContain("s3cret-pass");
    expect(run.stdout).toContain("files     2 stored files");

    const restoredDir = join(work.dir, "restored");
    const restore = await runCli(["restore", archive], { DATABASE_URL: databaseUrl, DATA_DIR: restoredDir });
    expect(restore.exitCode).toBe(0);
    expect(restore.stdout).toContain("pg_restore --clean --if-exists --no-owner");
    expect(restore.stdout + restore.stderr).not.toContain("s3cret-pass");
    expect(await Bun.file(join(restoredDir, "files", "uploads", "clip.webm")).bytes()).toEqual(
      new Uint8Array(5000).fill(7),
    );

    const intoSqlite = await runCli(["restore", archive], { DATA_DIR: join(work.dir, "sqlite-install") });
    expect(intoSqlite.exitCode).toBe(0);
    expect(intoSqlite.stdout).toContain("not in this archive (a PostgreSQL install's backup)");
  });
});
