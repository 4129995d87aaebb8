import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { SQL } from "bun";
import { passwordHashing } from "./auth/password-hashing.ts";
import { migrations } from "./database/migrations.ts";
import { demo, seedDemoData } from "./demo-seed.ts";
import { emptyPostgresDatabase } from "./test-support/empty-postgres-database.ts";
import { fixtureWorkDir, loopbackServerEnv } from "./test-support/fixture-work-dir.ts";
import { ping, startSession } from "./test-support/outbound-test-support.ts";
import { postgresPassUrl } from "./test-support/postgres-pass.ts";
import { startRedis } from "./test-support/redis-process.ts";
import { type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { freshPostgresDatabase } from "./test-support/test-server.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * Three `npm start` processes started at the same moment on one empty PostgreSQL database, as a
 * cluster's nodes come up together: each migration is applied once, the demo data is seeded once, and
 * all three serve as one (what one issues the others take). The database is a fresh one in the
 * cluster of `TEST_DATABASE_URL`: this runs in npm test's PostgreSQL pass only.
 */
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The JSON log lines a process printed with message `msg`. */
function logLines(server: ServerProcess, msg: string): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}

test("three processes starting together migrate once, seed the demo once and serve as one", async () => {
  const database = await emptyPostgresDatabase(postgresPassUrl(), "cluster_start");
  cleanups.push(database.drop);
  const redis = await startRedis();
  cleanups.push(redis.stop);
  const work = await fixtureWorkDir("cluster-start-");
  cleanups.push(work.dispose);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    ...loopbackServerEnv(work),
    LOG_LEVEL: "info",
    DEMO_DATA: "full",
    CAPTCHA_PROVIDER: "off",
  };
  const started = await Promise.allSettled([1, 2, 3].map(() => startServerProcess(env)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  for (const server of servers) cleanups.push(server.stop);
  expect(started.filter((result) => result.status === "rejected").map((result) => String(result))).toEqual(
    [],
  );

  const applied = servers.flatMap((server) =>
    logLines(server, "migrations applied").flatMap((line) => line.applied as string[]),
  );
  expect(applied.toSorted()).toEqual(migrations.map((migration) => migration.name).toSorted());
  expect(servers.flatMap((server) => logLines(server, "demo data seeded"))).toHaveLength(1);

  const sql = new SQL(database.url);
  cleanups.push(() => sql.close());
  const [counts] = await sql`SELECT
      (SELECT count(*) FROM schema_migrations) AS migrations,
      (SELECT count(*) FROM users WHERE name_key = ${demo.adminName}) AS admins,
      (SELECT count(*) FROM widget_projects WHERE sdk_key = ${demo.sdkKey}) AS projects,
      (SELECT count(*) FROM settings WHERE key = ${"demo_seeded_at"}) AS markers`;
  expect(Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)]))).toEqual({
    migrations: migrations.length,
    admins: 1,
    projects: 1,
    markers: 1,
  });
  // One set of secrets: a widget session one process issued pings on each of the others.
  const [first, ...others] = servers as [ServerProcess, ...ServerProcess[]];
  const session = await startSession(first.mainUrl);
  for (const other of others)
    expect((await ping(other.mainUrl, session, "https://host.example/")).status).toBe(200);
});

test("three seeds that all find the database empty leave one demo data set", async () => {
  // Migrated and empty: each client gets past the "already seeded?" reads before any of them writes.
  const database = await freshPostgresDatabase(postgresPassUrl());
  cleanups.push(database.drop);
  const clients = [1, 2, 3].map(() => new SQL(database.env.DATABASE_URL));
  cleanups.push(async () => {
    for (const client of clients) await client.close();
  });
  const passwords = passwordHashing("test");
  const results = await Promise.all(clients.map((sql) => seedDemoData(sql, { size: "full", passwords })));
  expect(results.filter((result) => result.seeded)).toHaveLength(1);
  const [sql] = clients as [SQL];
  const [counts] = await sql`SELECT (SELECT count(*) FROM users WHERE name_key = ${demo.adminName}) AS admins,
      (SELECT count(*) FROM widget_projects WHERE sdk_key = ${demo.sdkKey}) AS projects`;
  expect([Number(counts.admins), Number(counts.projects)]).toEqual([1, 1]);
});
