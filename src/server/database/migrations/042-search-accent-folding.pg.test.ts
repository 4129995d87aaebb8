import { afterAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { clusterAdministration, emptyPostgresDatabase } from "../../test-support/empty-postgres-database.ts";
import { postgresPassUrl } from "../../test-support/postgres-pass.ts";
import { MigrationFailedError, migrations, readMigrationStatus, runMigrations } from "../migrations.ts";

// Migration 042 creates PostgreSQL's `unaccent` extension, which an account that is no superuser may
// create only where it may create objects in the database (a trusted extension, PostgreSQL 13 and
// later): as a managed service's application account often is. An account that may not is told what
// to run and keeps its database as it was; once it may, the migration goes through.

const role = `search_app_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
const opened: SQL[] = [];
let drop: (() => Promise<void>) | null = null;

const connect = (url: string) => {
  const sql = new SQL(url);
  opened.push(sql);
  return sql;
};

afterAll(async () => {
  for (const sql of opened) await sql.close();
  await drop?.();
  const admin = clusterAdministration(postgresPassUrl());
  try {
    await admin.unsafe(`DROP ROLE IF EXISTS ${role}`);
  } finally {
    await admin.close();
  }
});

test("an account that may not create the extension is told how; once it may, 042 goes through", async () => {
  const database = await emptyPostgresDatabase(postgresPassUrl(), "search_accents_role");
  drop = database.drop;
  // The database belongs to the superuser; the application's account may only make tables in it.
  const admin = connect(database.url);
  await admin.unsafe(`CREATE ROLE ${role} LOGIN`);
  await admin.unsafe(`GRANT CREATE ON SCHEMA public TO ${role}`);
  const appUrl = new URL(database.url);
  appUrl.username = role;
  const app = connect(appUrl.href);
  await runMigrations(
    app,
    migrations.filter((migration) => migration.id < 42),
  );

  const upTo042 = migrations.filter((migration) => migration.id <= 42);
  const failure = await runMigrations(app, upTo042).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(MigrationFailedError);
  expect(String((failure as Error).message)).toContain(
    "search folds accents with PostgreSQL's unaccent extension, which could not be created (permission denied",
  );
  expect(String((failure as Error).message)).toContain("run CREATE EXTENSION unaccent in this database");
  const status = await readMigrationStatus(app);
  expect(status.migrations.find((entry) => entry.migration.id === 42)?.appliedAt).toBeNull();
  expect(await admin`SELECT extname FROM pg_extension WHERE extname = 'unaccent'`).toEqual([]);

  await admin.unsafe(`GRANT CREATE ON DATABASE ${database.name} TO ${role}`);
  expect((await runMigrations(app, upTo042)).applied).toEqual(["042-search-accent-folding"]);
  const [owner] = await admin`SELECT r.rolname FROM pg_extension e JOIN pg_roles r ON r.oid = e.extowner
    WHERE e.extname = 'unaccent'`;
  expect(owner?.rolname).toBe(role);
  const [folded] = await app`SELECT to_tsvector('search_folded', 'Crème Brûlée') AS vector`;
  expect(folded?.vector).toBe("'brulee':2 'creme':1");
});
