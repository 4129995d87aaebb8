import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { SQL } from "bun";
import { migrations } from "../../database/migrations.ts";
import { emptyPostgresDatabase } from "../../test-support/empty-postgres-database.ts";
import { postgresPassUrl } from "../../test-support/postgres-pass.ts";
import { runToEnd } from "../../test-support/process-run.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";

// `gleam migrate` on PostgreSQL (DATABASE_URL), as the operator runs it; the SQLite side and the
// argument handling are in migrate.sqlite.test.ts.

const entry = join(import.meta.dir, "..", "main.ts");
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

const migrate = (args: string[], databaseUrl: string) =>
  runToEnd([process.execPath, entry, "migrate", ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
    timeoutMs: processTestTimeoutMs,
  });

test("status, then three migrating at once, then status; a newer database is refused with exit 3", async () => {
  const database = await emptyPostgresDatabase(postgresPassUrl(), "migrate_command");
  drops.push(database.drop);
  const pending = `${migrations.length} migrations: 0 applied, ${migrations.length} pending.`;
  const applied = `${migrations.length} migrations: ${migrations.length} applied, 0 pending.`;

  const before = await migrate(["--status"], database.url);
  expect(before.exitCode, before.stderr).toBe(0);
  expect(before.stdout).toContain(pending);

  const runs = await Promise.all([1, 2, 3].map(() => migrate([], database.url)));
  for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
  const names = runs.flatMap((run) =>
    [...run.stdout.matchAll(/applied (\d{3}-\S+) \(/g)].map((match) => match[1]),
  );
  expect(names.toSorted()).toEqual(migrations.map((migration) => migration.name).toSorted());

  const after = await migrate(["--status"], database.url);
  expect(after.stdout).toContain(applied);

  const sql = new SQL(database.url);
  try {
    await sql`INSERT INTO schema_migrations (id, name, applied_at)
      VALUES (${999}, ${"999-from-a-newer-release"}, ${"2030-01-01T00:00:00.000Z"})`;
  } finally {
    await sql.close();
  }
  const refused = await migrate([], database.url);
  expect(refused.exitCode).toBe(3);
  expect(refused.stderr).toContain("database schema is newer than this binary: migration 999");
}, 60_000);
