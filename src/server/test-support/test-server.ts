import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { loadConfig, type ServerConfig } from "../config.ts";
import { migrations, runMigrations } from "../database/migrations.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, type ServerOptions, startServer } from "../server.ts";
import { clusterAdministration, postgresDatabaseUrl } from "./empty-postgres-database.ts";
import { writeFixtureDist } from "./fixture-dist.ts";
import { copyMigratedSqlite } from "./sqlite-template.ts";

export interface TestServer extends RunningServer {
  config: ServerConfig;
  dataDir: string;
  distDir: string;
  /** Stops the server and removes its temporary folders. */
  dispose(): Promise<void>;
  /** The variables that point another server at this one's database. */
  databaseEnv: Record<string, string>;
}

/**
 * With `TEST_DATABASE_URL=postgres://…` (an account that may create databases) every test server gets
 * a fresh PostgreSQL database, dropped again on dispose; without it, a SQLite file in its data folder.
 * Both start as a copy of a migrated template.
 */
async function freshDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return freshPostgresDatabase(adminUrl);
  await mkdir(dataDir, { recursive: true });
  await copyMigratedSqlite(join(dataDir, "app.sqlite"));
  return { env: {}, drop: async () => {} };
}

/** Per cluster, the name of a database holding the current schema, made once and copied per test server. */
const templates = new Map<string, Promise<string>>();

/**
 * A database with every migration applied, named after the migrations so a later run on the same
 * cluster reuses it: migrating PostgreSQL takes a second or two, copying a template a fifth of that,
 * and the suite starts hundreds of servers. It is built under a temporary name and renamed when done,
 * so a half-built one is never copied.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  const known = templates.get(adminUrl);
  if (known) return known;
  const made = (async () => {
    const name = `test_template_${Bun.hash(JSON.stringify(migrations)).toString(16)}`;
    const admin = clusterAdministration(adminUrl);
    try {
      const [existing] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = ${name}`;
      if (existing) return name;
      const building = `test_building_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.unsafe(`CREATE DATABASE ${building}`);
      const target = new SQL(postgresDatabaseUrl(adminUrl, building));
      await runMigrations(target);
      await target.close();
      try {
        await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch {
        // Another run built it first: keep theirs.
        await admin.unsafe(`DROP DATABASE IF EXISTS ${building}`);
      }
      return name;
    } finally {
      await admin.close();
    }
  })();
  templates.set(adminUrl, made);
  made.catch(() => templates.delete(adminUrl));
  return made;
}

/**
 * Connections of a test server's pool (Bun.SQL's `max`, read from the URL). Bun opens the whole pool
 * at the first query, and each PostgreSQL backend costs about 80 ms of processor time to start on a
 * new database: the default ten made a server's start and stop cost 1.8 s of PostgreSQL's time, three
 * 0.6 s. Three still lets a request's transaction and the reads beside it run at once.
 */
const testServerConnections = 3;

/**
 * A new database with the current schema (no rows) in the cluster `adminUrl` reaches, as
 * `DATABASE_URL`; `drop()` removes it.
 */
export async function freshPostgresDatabase(
  adminUrl: string,
): Promise<{ env: { DATABASE_URL: string }; drop(): Promise<void> }> {
  const name = `test_${crypto.randomUUID().replaceAll("-", "")}`;
  const template = await migratedTemplate(adminUrl);
  const admin = clusterAdministration(adminUrl);
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.close();
  const url = new URL(postgresDatabaseUrl(adminUrl, name));
  url.searchParams.set("max", String(testServerConnections));
  return {
    env: { DATABASE_URL: url.href },
    async drop() {
      const cleanup = clusterAdministration(adminUrl);
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}

/**
 * With `TEST_REDIS_URL=redis://…` every test server fans out through that Redis, as processes behind a
 * balancer do (`npm test`'s second pass sets it); a test that passes its own REDIS_URL keeps it.
 */
function sharedRedis(): Record<string, string> {
  const url = process.env.TEST_REDIS_URL;
  return url ? { REDIS_URL: url } : {};
}

/** Starts the real server on free ports over a temporary data folder and the fixture dist. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const workDir = await mkdtemp(join(tmpdir(), "server-test-"));
  const dataDir = join(workDir, "data");
  const distDir = join(workDir, "dist");
  await writeFixtureDist(distDir);
  const database =
    env.DATABASE_URL || env.DATA_DIR ? { env: {}, drop: async () => {} } : await freshDatabase(dataDir);
  const config = loadConfig({
    PORT: "0",
    MESSENGER_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: "silent",
    // The admin and widget project only, so a test server starts in milliseconds.
    DEMO_DATA: "minimal",
    // Scripted logins; the captcha itself has its own tests.
    CAPTCHA_PROVIDER: "off",
    // Accounts in microseconds; the production parameters have their own test (password-hashing.test.ts).
    PASSWORD_HASH_COST: "test",
    // dispose() is the server's graceful stop; a test that left a response unread waits 2 s, not 10.
    SHUTDOWN_TIMEOUT_MS: "2000",
    ...database.env,
    ...sharedRedis(),
    ...env,
  });
  // Lines go straight to console.log, where a spec may watch them (the server's own writer,
  // logging/stdout-writer.ts, has tests of its own).
  const logger = createLogger(config.logLevel, (line) => console.log(line));
  const server = await startServer(config, logger, options);
  return {
    ...server,
    config,
    dataDir,
    distDir,
    databaseEnv:
      config.database.engine === "postgres" ? { DATABASE_URL: config.database.url } : { DATA_DIR: dataDir },
    async dispose() {
      await server.stop();
      await database.drop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
