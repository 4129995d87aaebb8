import type { SQL } from "bun";

/**
 * A journal of row changes, for tests that must prove a request wrote nothing: triggers on every table
 * count the rows inserted, deleted and changed (an UPDATE that leaves a row as it was counts nothing)
 * in `test_row_changes`, one counter per table. Reading that one small table before and after a
 * request tells which tables it wrote, where reading every row of every table twice per request made a
 * property test take minutes. A write that is rolled back takes its count with it.
 *
 * SQLite's FTS5 tables and their shadow tables get no triggers (SQLite refuses them); they change only
 * with the table they index, whose own triggers fill them.
 */

const journal = "test_row_changes";
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function sqliteTables(sql: SQL): Promise<string[]> {
  const rows: Array<{ name: string; sql: string | null }> =
    await sql`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`;
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  const shadowOf = (name: string) => virtual.some((table) => name.startsWith(`${table}_`));
  return rows.map((row) => row.name).filter((name) => !virtual.includes(name) && !shadowOf(name));
}

async function installOnSqlite(sql: SQL, tables: readonly string[]): Promise<void> {
  await sql.unsafe(`CREATE TABLE ${journal} (name TEXT PRIMARY KEY, n INTEGER NOT NULL)`);
  for (const table of tables) {
    const count = `INSERT INTO ${journal} (name, n) VALUES ('${table}', 1)
      ON CONFLICT (name) DO UPDATE SET n = n + 1;`;
    const columns: Array<{ name: string }> = await sql.unsafe(`PRAGMA table_info(${quoted(table)})`);
    const changed = columns.map(({ name }) => `OLD.${quoted(name)} IS NOT NEW.${quoted(name)}`).join(" OR ");
    for (const [suffix, event, when] of [
      ["i", "INSERT", ""],
      ["d", "DELETE", ""],
      ["u", "UPDATE", `WHEN ${changed}`],
    ] as const) {
      await sql.unsafe(
        `CREATE TRIGGER ${quoted(`${journal}_${table}_${suffix}`)} AFTER ${event} ON ${quoted(table)} ${when}
         BEGIN ${count} END`,
      );
    }
  }
}

async function installOnPostgres(sql: SQL, tables: readonly string[]): Promise<void> {
  await sql.unsafe(`CREATE TABLE ${journal} (name TEXT PRIMARY KEY, n INTEGER NOT NULL)`);
  await sql.unsafe(`CREATE FUNCTION ${journal}_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${journal} (name, n) VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (name) DO UPDATE SET n = ${journal}.n + 1;
      RETURN NULL;
    END $$`);
  for (const table of tables) {
    await sql.unsafe(`CREATE TRIGGER ${journal}_iud AFTER INSERT OR DELETE ON ${quoted(table)}
      FOR EACH ROW EXECUTE FUNCTION ${journal}_count()`);
    // Compared as text: json columns have no equality operator.
    await sql.unsafe(`CREATE TRIGGER ${journal}_u AFTER UPDATE ON ${quoted(table)}
      FOR EACH ROW WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION ${journal}_count()`);
  }
}

/** Puts the journal's triggers on every table of the database but `ignored` (tables that count requests). */
export async function installRowChangeJournal(
  sql: SQL,
  engine: "sqlite" | "postgres",
  ignored: ReadonlySet<string>,
): Promise<void> {
  if (engine === "postgres") {
    const rows: Array<{ name: string }> = await sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
    await installOnPostgres(
      sql,
      rows.map((row) => row.name).filter((name) => !ignored.has(name)),
    );
    return;
  }
  await installOnSqlite(
    sql,
    (await sqliteTables(sql)).filter((name) => !ignored.has(name)),
  );
}

/** How many rows of each table have changed since the journal was installed (tables never written: absent). */
export async function rowChangeCounts(sql: SQL): Promise<Map<string, number>> {
  const rows: Array<{ name: string; n: number | string }> = await sql.unsafe(
    `SELECT name, n FROM ${journal}`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/** The tables whose counts differ between two readings, so a failure names what was written. */
export function tablesWritten(before: Map<string, number>, after: Map<string, number>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
