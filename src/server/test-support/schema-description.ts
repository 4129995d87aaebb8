import type { SQL } from "bun";

/**
 * A database's schema as one engine-neutral list of lines, so a migrated SQLite and a migrated
 * PostgreSQL can be compared line by line: tables, columns (type family, nullability, primary key),
 * indexes (columns, uniqueness, partial), foreign keys (columns, target, on delete) and triggers
 * (table, timing, event).
 * Names the engines choose themselves (SQLite's `sqlite_autoindex_*`, PostgreSQL's `*_pkey` and
 * `*_key`) are left out; the index behind a primary key or UNIQUE constraint is compared by its
 * columns.
 * Each engine's own full-text index (SQLite's FTS5 table with its shadow tables and the triggers that
 * keep it in step, PostgreSQL's generated `tsvector` column and its GIN index) is one line, naming the
 * table it indexes: `full-text index feedback_search`.
 */
export type SchemaLine = string;

/** The type family of a declared column type: the part of a type the two engines agree on. */
export function typeFamily(declared: string): string {
  const type = declared.toLowerCase();
  if (/bool/.test(type)) return "boolean";
  if (/int/.test(type)) return "integer";
  if (/real|double|float|numeric|decimal/.test(type)) return "real";
  if (/blob|bytea/.test(type)) return "blob";
  if (/char|text|clob|json|uuid/.test(type)) return "text";
  return type || "untyped";
}

const onDeleteWords: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

interface IndexShape {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
  /** Made by CREATE INDEX (named by the migrations), not by a PRIMARY KEY or UNIQUE constraint. */
  declared: boolean;
}

/**
 * A trigger by its table, timing and event: SQLite needs one trigger per event where PostgreSQL may
 * name one for several, so names are not compared.
 */
const triggerLine = (table: string, timing: string, event: string): SchemaLine =>
  `trigger ${table} ${timing.toLowerCase()} ${event.toLowerCase()}`;

function indexLine(index: IndexShape): SchemaLine {
  const shape = `${index.unique ? "unique " : ""}(${index.columns.join(", ")})${index.partial ? " partial" : ""}`;
  return index.declared
    ? `index ${index.table}.${index.name} ${shape}`
    : `constraint index ${index.table} ${shape}`;
}

/** SQLite's FTS5 tables, each with the table it indexes (its `content=`). */
export async function sqliteFullTextTables(sql: SQL): Promise<Array<{ name: string; content: string }>> {
  const rows = (await sql`SELECT name, sql FROM sqlite_master WHERE type = 'table'
    AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'`) as Array<{ name: string; sql: string }>;
  return rows.map((row) => ({ name: row.name, content: /content='([^']+)'/.exec(row.sql)?.[1] ?? row.name }));
}

/** SQLite's own tables: neither virtual tables nor the shadow tables behind them. */
export async function sqliteOrdinaryTables(sql: SQL): Promise<string[]> {
  const rows = (await sql.unsafe("PRAGMA table_list")) as Array<{
    schema: string;
    name: string;
    type: string;
  }>;
  return rows
    .filter((row) => row.schema === "main" && row.type === "table" && !row.name.startsWith("sqlite_"))
    .map((row) => row.name)
    .sort();
}

export async function describeSqliteSchema(sql: SQL): Promise<SchemaLine[]> {
  const lines: SchemaLine[] = [];
  const fullText = await sqliteFullTextTables(sql);
  for (const index of fullText) lines.push(`full-text index ${index.content}`);
  for (const table of await sqliteOrdinaryTables(sql)) {
    lines.push(`table ${table}`);
    const columns = (await sql.unsafe(`PRAGMA table_info("${table}")`)) as Array<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>;
    const primaryKey = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    for (const column of columns) {
      // SQLite lets a non-INTEGER primary key column hold NULL unless it says NOT NULL; PostgreSQL never.
      const notNull = column.notnull === 1 || column.pk > 0;
      lines.push(`column ${table}.${column.name} ${typeFamily(column.type)}${notNull ? " not null" : ""}`);
    }
    if (primaryKey.length > 0)
      lines.push(`primary key ${table} (${primaryKey.map((c) => c.name).join(", ")})`);
    const indexes = (await sql.unsafe(`PRAGMA index_list("${table}")`)) as Array<{
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }>;
    for (const index of indexes) {
      // A primary key is listed above; an INTEGER PRIMARY KEY has no index of its own at all.
      if (index.origin === "pk") continue;
      const parts = (await sql.unsafe(`PRAGMA index_info("${index.name}")`)) as Array<{
        seqno: number;
        name: string | null;
      }>;
      lines.push(
        indexLine({
          table,
          name: index.name,
          columns: parts.sort((a, b) => a.seqno - b.seqno).map((part) => part.name ?? "<expression>"),
          unique: index.unique === 1,
          partial: index.partial === 1,
          declared: index.origin === "c",
        }),
      );
    }
    const keys = (await sql.unsafe(`PRAGMA foreign_key_list("${table}")`)) as Array<{
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string | null;
      on_delete: string;
    }>;
    for (const id of new Set(keys.map((key) => key.id))) {
      const parts = keys.filter((key) => key.id === id).sort((a, b) => a.seq - b.seq);
      const first = parts[0] as (typeof parts)[number];
      // `REFERENCES t` without columns means t's primary key, which PostgreSQL names.
      const targetKey = (await sql.unsafe(`PRAGMA table_info("${first.table}")`)) as Array<{
        name: string;
        pk: number;
      }>;
      const targetColumns = parts.map(
        (p, index) => p.to ?? targetKey.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)[index]?.name,
      );
      lines.push(
        `foreign key ${table} (${parts.map((p) => p.from).join(", ")}) -> ${first.table} (${targetColumns.join(
          ", ",
        )}) on delete ${first.on_delete.toLowerCase()}`,
      );
    }
  }
  const views = (await sql`SELECT name FROM sqlite_master WHERE type = 'view'`) as Array<{ name: string }>;
  for (const view of views) lines.push(`view ${view.name}`);
  const triggers = (await sql`SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'`) as Array<{
    tbl_name: string;
    sql: string;
  }>;
  for (const trigger of triggers) {
    // The triggers that write an FTS5 table are that index's own (its line above).
    if (fullText.some((index) => new RegExp(`\\bINTO\\s+${index.name}\\b`, "i").test(trigger.sql))) continue;
    const [, timing = "?", event = "?"] =
      /\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|DELETE|UPDATE)\b/i.exec(trigger.sql) ?? [];
    lines.push(triggerLine(trigger.tbl_name, timing, event));
  }
  return lines.sort();
}

export async function describePostgresSchema(sql: SQL): Promise<SchemaLine[]> {
  const lines: SchemaLine[] = [];
  const columns = (await sql`SELECT table_name, column_name, data_type, is_nullable
    FROM information_schema.columns WHERE table_schema = 'public'`) as Array<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>;
  const tables = (await sql`SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`) as Array<{ table_name: string }>;
  for (const { table_name } of tables) lines.push(`table ${table_name}`);
  // A view is listed by name: its columns are whatever its query reads, which each engine types its way.
  const views =
    (await sql`SELECT table_name FROM information_schema.views WHERE table_schema = 'public'`) as Array<{
      table_name: string;
    }>;
  for (const view of views) lines.push(`view ${view.table_name}`);
  const viewNames = new Set(views.map((view) => view.table_name));
  for (const column of columns) {
    if (viewNames.has(column.table_name)) continue;
    // A generated tsvector is the full-text index's (its GIN index's line below).
    if (column.data_type === "tsvector") continue;
    lines.push(
      `column ${column.table_name}.${column.column_name} ${typeFamily(column.data_type)}${
        column.is_nullable === "NO" ? " not null" : ""
      }`,
    );
  }
  const indexes = (await sql`SELECT t.relname AS table_name, i.relname AS index_name,
      ix.indisunique AS is_unique, ix.indisprimary AS is_primary, ix.indpred IS NOT NULL AS is_partial,
      EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid) AS from_constraint,
      (SELECT am.amname FROM pg_am am WHERE am.oid = i.relam) AS method,
      (SELECT array_agg(COALESCE(a.attname, '<expression>') ORDER BY k.ord)
        FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
        LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
    FROM pg_index ix
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public'`) as Array<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    is_primary: boolean;
    is_partial: boolean;
    from_constraint: boolean;
    method: string;
    columns: string[];
  }>;
  for (const index of indexes) {
    if (index.method === "gin") {
      lines.push(`full-text index ${index.table_name}`);
      continue;
    }
    if (index.is_primary) {
      lines.push(`primary key ${index.table_name} (${index.columns.join(", ")})`);
      continue;
    }
    lines.push(
      indexLine({
        table: index.table_name,
        name: index.index_name,
        columns: index.columns,
        unique: index.is_unique,
        partial: index.is_partial,
        declared: !index.from_constraint,
      }),
    );
  }
  const keys = (await sql`SELECT c.conrelid::regclass::text AS table_name,
      c.confrelid::regclass::text AS target, c.confdeltype AS on_delete,
      (SELECT array_agg(a.attname ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
      (SELECT array_agg(a.attname ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS target_columns
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = 'public'`) as Array<{
    table_name: string;
    target: string;
    on_delete: string;
    columns: string[];
    target_columns: string[];
  }>;
  for (const key of keys)
    lines.push(
      `foreign key ${key.table_name} (${key.columns.join(", ")}) -> ${key.target} (${key.target_columns.join(
        ", ",
      )}) on delete ${onDeleteWords[key.on_delete] ?? key.on_delete}`,
    );
  const triggers = (await sql`SELECT event_object_table, action_timing, event_manipulation
    FROM information_schema.triggers WHERE trigger_schema = 'public'`) as Array<{
    event_object_table: string;
    action_timing: string;
    event_manipulation: string;
  }>;
  for (const trigger of triggers)
    lines.push(triggerLine(trigger.event_object_table, trigger.action_timing, trigger.event_manipulation));
  return lines.sort();
}
