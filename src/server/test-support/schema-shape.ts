import type { SQL } from "bun";
import { sqliteOrdinaryTables, typeFamily } from "./schema-description.ts";

/** What a row filler needs to know of a table: its columns, primary key and foreign keys. */
export interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
  foreignKeys: ForeignKeyShape[];
}

export interface ColumnShape {
  name: string;
  /** `typeFamily` of the declared type: text, integer, real, boolean or blob. */
  family: string;
  notNull: boolean;
  /** The default as the engine reports it (`'{}'`, `'{}'::text`, `0`, …), or null. */
  defaultSql: string | null;
}

export interface ForeignKeyShape {
  column: string;
  target: string;
  targetColumn: string;
}

/** The tables of a migrated database (without `schema_migrations`), on either engine. */
export function readSchemaShape(sql: SQL): Promise<TableShape[]> {
  return sql.options.adapter === "sqlite" ? readSqliteShape(sql) : readPostgresShape(sql);
}

async function readSqliteShape(sql: SQL): Promise<TableShape[]> {
  // Virtual tables (FTS5) and their shadow tables are the engine's, written through their own triggers.
  const tables = (await sqliteOrdinaryTables(sql)).filter((name) => name !== "schema_migrations");
  const shapes: TableShape[] = [];
  for (const name of tables) {
    const columns = (await sql.unsafe(`PRAGMA table_info("${name}")`)) as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>;
    const keys = (await sql.unsafe(`PRAGMA foreign_key_list("${name}")`)) as Array<{
      id: number;
      table: string;
      from: string;
      to: string | null;
    }>;
    if (new Set(keys.map((key) => key.id)).size !== keys.length)
      throw new Error(`${name} has a foreign key of several columns: teach the filler to fill it`);
    shapes.push({
      name,
      columns: columns.map((column) => ({
        name: column.name,
        family: typeFamily(column.type),
        notNull: column.notnull === 1 || column.pk > 0,
        defaultSql: column.dflt_value,
      })),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      foreignKeys: keys.map((key) => ({ column: key.from, target: key.table, targetColumn: key.to ?? "id" })),
    });
  }
  return shapes;
}

async function readPostgresShape(sql: SQL): Promise<TableShape[]> {
  const columns = (await sql`SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'schema_migrations'
      AND c.is_generated = 'NEVER'
    ORDER BY c.table_name, c.ordinal_position`) as Array<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>;
  const primaryKeys = (await sql`SELECT t.relname AS table_name, a.attname AS column_name
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) ON TRUE
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
    WHERE ix.indisprimary AND n.nspname = 'public'
    ORDER BY t.relname, k.ord`) as Array<{ table_name: string; column_name: string }>;
  const keys = (await sql`SELECT cl.relname AS table_name, a.attname AS column_name,
      rf.relname AS target, af.attname AS target_column, cardinality(c.conkey) AS width
    FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_class rf ON rf.oid = c.confrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
    WHERE c.contype = 'f' AND n.nspname = 'public'`) as Array<{
    table_name: string;
    column_name: string;
    target: string;
    target_column: string;
    width: number;
  }>;
  const names = [...new Set(columns.map((column) => column.table_name))].sort();
  return names.map((name) => {
    const wide = keys.find((key) => key.table_name === name && Number(key.width) !== 1);
    if (wide) throw new Error(`${name} has a foreign key of several columns: teach the filler to fill it`);
    return {
      name,
      columns: columns
        .filter((column) => column.table_name === name)
        .map((column) => ({
          name: column.column_name,
          family: typeFamily(column.data_type),
          notNull: column.is_nullable === "NO",
          defaultSql: column.column_default,
        })),
      primaryKey: primaryKeys.filter((key) => key.table_name === name).map((key) => key.column_name),
      foreignKeys: keys
        .filter((key) => key.table_name === name)
        .map((key) => ({ column: key.column_name, target: key.target, targetColumn: key.target_column })),
    };
  });
}
