import type { SQL } from "bun";
import { type Migration, migrations, runMigrations } from "../database/migrations.ts";
import { type ColumnShape, readSchemaShape, type TableShape } from "./schema-shape.ts";

/**
 * Rows in every table of a database at some migration level, as a release of that level could have
 * left them, and the check that each one is still there, meaning the same, once the database is
 * migrated to the newest level. The filler knows no table: it reads the schema at that level and makes
 * a value per column from its type and name (dates, e-mails, JSON where the default is JSON), each
 * row's foreign keys pointing at the row just made in the parent table. `specialColumns` lists the few
 * columns a generic value does not fit.
 */

/** A value as compared: booleans as booleans, numbers as numbers, bytes as hex, text as text. */
type Comparable = string | number | boolean | null;

export interface FilledRow {
  table: string;
  /** The id of the last migration applied when the row was written. */
  level: number;
  /** The row's primary key values, as compared (JSON). */
  key: string;
  /** Every column the table had then, as written. */
  values: Record<string, Comparable>;
  families: Record<string, string>;
}

/** Columns whose value must be chosen, not made from the type: why, and the value for row number `n`. */
const specialColumns: Record<string, { why: string; value(n: number): unknown }> = {
  "staff_notes.conversation_id": {
    why: "CHECK: a note belongs to a report or to a conversation, never to both",
    value: () => null,
  },
  "widget_tooltips.status": {
    why: "releases before 010 wrote 'published', which 010 renames (see deliberateRewrites)",
    value: () => "published",
  },
};

/** The value of column `column` of table `table` in row number `n` (unique in a run, so keys never collide). */
function valueFor(table: string, column: ColumnShape, n: number): unknown {
  const special = specialColumns[`${table}.${column.name}`];
  if (special) return special.value(n);
  switch (column.family) {
    case "boolean":
      return n % 2 === 1;
    case "integer":
      return n;
    case "real":
      return n + 0.5;
    case "blob":
      return new Uint8Array([n % 256, 0, 255, 7]);
  }
  const label = `${table}.${column.name} ${n}`;
  const at = new Date(Date.UTC(2025, 0, 1) + n * 61_000).toISOString();
  if (column.name.endsWith("_at")) return at;
  if (column.name === "day") return at.slice(0, 10);
  if (column.name.includes("email") || column.name === "to_address") return `user-${n}@example.com`;
  // JSON columns say so by their default; the migrations that rewrite JSON (016) expect an object.
  if (column.defaultSql?.startsWith("'{}'")) return JSON.stringify({ filled: label });
  if (column.defaultSql?.startsWith("'[]'")) return JSON.stringify([label]);
  return label;
}

/** A value as read back or as written, in the form both engines agree on. */
export function comparable(value: unknown, family: string): Comparable {
  if (value === null || value === undefined) return null;
  if (family === "boolean") return Boolean(value);
  if (family === "integer" || family === "real") return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("hex");
  return String(value);
}

/** The tables in an order where each one's parents come before it (a self reference is left null). */
function parentsFirst(tables: TableShape[]): TableShape[] {
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table.name) &&
        table.foreignKeys.every((key) => key.target === table.name || placed.has(key.target)),
    );
    if (ready.length === 0) throw new Error("The foreign keys form a cycle: teach the filler to break it");
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

export interface RowCounter {
  next(): number;
}

export function rowCounter(start = 1): RowCounter {
  let n = start;
  return { next: () => n++ };
}

/** Writes one row into every table of the database as it stands; answers what it wrote. */
export async function fillEveryTable(sql: SQL, level: number, counter: RowCounter): Promise<FilledRow[]> {
  const written: FilledRow[] = [];
  const lastRow = new Map<string, Record<string, unknown>>();
  for (const table of parentsFirst(await readSchemaShape(sql))) {
    const n = counter.next();
    const row: Record<string, unknown> = {};
    for (const column of table.columns) {
      const key = table.foreignKeys.find((candidate) => candidate.column === column.name);
      const parent = key && key.target !== table.name ? lastRow.get(key.target) : undefined;
      const special = `${table.name}.${column.name}` in specialColumns;
      row[column.name] =
        key && !special ? (parent?.[key.targetColumn] ?? null) : valueFor(table.name, column, n);
    }
    await sql`INSERT INTO ${sql(table.name)} ${sql(row)}`;
    lastRow.set(table.name, row);
    const families = Object.fromEntries(table.columns.map((column) => [column.name, column.family]));
    const values = Object.fromEntries(
      table.columns.map((column) => [column.name, comparable(row[column.name], column.family)]),
    );
    written.push({
      table: table.name,
      level,
      key: JSON.stringify(table.primaryKey.map((column) => values[column])),
      values,
      families,
    });
  }
  return written;
}

/** Reads a row of the migrated database by table and primary key (as in `FilledRow.key`). */
type RowLookup = (table: string, key: unknown[]) => Record<string, unknown> | undefined;

/**
 * A migration that changes values already written, on purpose: rows written before it are expected
 * to hold `expected(before)` afterwards instead of what was written.
 */
export interface DeliberateRewrite {
  migration: number;
  table: string;
  column: string;
  why: string;
  expected(before: Comparable, row: Record<string, unknown>, lookup: RowLookup): Comparable;
}

export const deliberateRewrites: readonly DeliberateRewrite[] = [
  {
    migration: 10,
    table: "widget_tooltips",
    column: "status",
    why: "tooltips take the status words of outbound content: 'published' becomes 'live'",
    expected: (before) => (before === "published" ? "live" : before),
  },
  {
    migration: 12,
    table: "widget_sessions",
    column: "merged_into",
    why: "merges made on a project that does not verify identities were made on a mere claim: cut",
    expected: (before, row, lookup) =>
      lookup("widget_projects", [row.project_id])?.identity_verification ? before : null,
  },
  {
    migration: 16,
    table: "widget_projects",
    column: "flow_config",
    why: "projects made before the consent setting keep waiting for consent: the key is put in front",
    expected: (before) =>
      before === "{}"
        ? '{"requireCookieConsent":true}'
        : `{"requireCookieConsent":true,${String(before).slice(1)}`,
  },
];

/**
 * Compares every filled row with the migrated database: one line per row missing or column changed
 * (empty when all is well). Columns a later migration dropped are not compared.
 */
export async function changedRows(sql: SQL, filled: readonly FilledRow[]): Promise<string[]> {
  const shapes = new Map((await readSchemaShape(sql)).map((table) => [table.name, table]));
  const rowsByTable = new Map<string, Map<string, Record<string, unknown>>>();
  for (const table of new Set(filled.map((row) => row.table))) {
    const shape = shapes.get(table);
    if (!shape) continue;
    const rows = (await sql`SELECT * FROM ${sql(table)}`) as Array<Record<string, unknown>>;
    const families = Object.fromEntries(shape.columns.map((column) => [column.name, column.family]));
    const keyOf = (row: Record<string, unknown>) =>
      JSON.stringify(shape.primaryKey.map((column) => comparable(row[column], families[column] ?? "text")));
    rowsByTable.set(table, new Map(rows.map((row) => [keyOf(row), row])));
  }
  const lookup: RowLookup = (table, key) => rowsByTable.get(table)?.get(JSON.stringify(key));
  const problems: string[] = [];
  for (const row of filled) {
    const now = rowsByTable.get(row.table)?.get(row.key);
    if (!now) {
      problems.push(`${row.table} ${row.key} (written at ${row.level}) is gone`);
      continue;
    }
    for (const [column, written] of Object.entries(row.values)) {
      if (!(column in now)) continue;
      const expected = deliberateRewrites
        .filter((rule) => rule.table === row.table && rule.column === column && rule.migration > row.level)
        .reduce((value, rule) => rule.expected(value, now, lookup), written);
      const actual = comparable(now[column], row.families[column] ?? "text");
      if (actual !== expected)
        problems.push(
          `${row.table} ${row.key} (written at ${row.level}): ${column} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
        );
    }
  }
  return problems;
}

export interface LevelByLevel {
  /** Every row written, level after level. */
  filled: FilledRow[];
  /** Per level (migration id): how many of `filled` were written up to and at that level. */
  rowsUpTo: Map<number, number>;
  /** The database after the last level filled, as `keepCopy` answered it. */
  sql: SQL;
}

/**
 * Takes an empty database through every level but the newest, as one installation that updated at
 * each release: migrated to the level, a row written into every table it has, and a copy kept
 * (`keepCopy` answers the handle to go on with, since a PostgreSQL copy needs its source closed).
 */
export async function fillLevelByLevel(
  empty: SQL,
  keepCopy: (sql: SQL, level: Migration) => Promise<SQL>,
): Promise<LevelByLevel> {
  const filled: FilledRow[] = [];
  const rowsUpTo = new Map<number, number>();
  const counter = rowCounter();
  let sql = empty;
  for (const [index, level] of migrations.slice(0, -1).entries()) {
    await runMigrations(sql, migrations.slice(0, index + 1));
    filled.push(...(await fillEveryTable(sql, level.id, counter)));
    rowsUpTo.set(level.id, filled.length);
    sql = await keepCopy(sql, level);
  }
  return { filled, rowsUpTo, sql };
}
