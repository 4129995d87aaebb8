import type { SQL } from "bun";
import { containsPattern, type ListQuery, listPage } from "../http/list-query.ts";
import { foundOrNot, nowIso, type WriteOutcome } from "./repository-helpers.ts";

/**
 * A project's records (bots, news posts, help articles, surveys, flows, …): rows of a table with id,
 * project_id, created_at and updated_at. Table and column names are the repositories' constants, spliced
 * into the SQL text; every value goes as a parameter.
 */

/** Inserts a project's record with `values`, created and updated now. */
export async function insertProjectRow(
  sql: SQL,
  table: string,
  projectId: string,
  id: string,
  values: Record<string, unknown>,
): Promise<WriteOutcome> {
  const now = nowIso();
  await sql`INSERT INTO ${sql.unsafe(table)} ${sql({ id, project_id: projectId, ...values, created_at: now, updated_at: now })}`;
  return { ok: true, id };
}

/** Sets `values` (and updated_at) on a project's record; false when the project has no such record. */
export async function updateProjectRow(
  sql: SQL,
  table: string,
  key: { projectId: string; id: string },
  values: Record<string, unknown>,
): Promise<boolean> {
  const updated = await sql`UPDATE ${sql.unsafe(table)} SET ${sql({ ...values, updated_at: nowIso() })}
    WHERE id = ${key.id} AND project_id = ${key.projectId} RETURNING id`;
  return updated.length > 0;
}

/** Deletes a project's record; false when the project has no such record. */
export async function deleteProjectRow(
  sql: SQL,
  table: string,
  key: { projectId: string; id: string },
): Promise<boolean> {
  const deleted =
    await sql`DELETE FROM ${sql.unsafe(table)} WHERE id = ${key.id} AND project_id = ${key.projectId} RETURNING id`;
  return deleted.length > 0;
}

/**
 * Deletes a project's record with the rows that name it (`dependents.column` of `dependents.table`:
 * its votes, its answers), those first; false when the project has no such record.
 */
export async function deleteProjectRowWithDependents(
  sql: SQL,
  table: string,
  dependents: { table: string; column: string },
  key: { projectId: string; id: string },
): Promise<boolean> {
  const [row] =
    await sql`SELECT id FROM ${sql.unsafe(table)} WHERE id = ${key.id} AND project_id = ${key.projectId}`;
  if (!row) return false;
  await sql`DELETE FROM ${sql.unsafe(dependents.table)} WHERE ${sql.unsafe(dependents.column)} = ${key.id}`;
  await sql`DELETE FROM ${sql.unsafe(table)} WHERE id = ${key.id}`;
  return true;
}

/** A project's record of `table` with this id, read by `toItem`; null when the project has none. */
export async function findProjectRecord<Row, Item>(
  sql: SQL,
  table: string,
  key: { projectId: string; id: string },
  toItem: (row: Row) => Item,
): Promise<Item | null> {
  const [row] =
    await sql`SELECT * FROM ${sql.unsafe(table)} WHERE id = ${key.id} AND project_id = ${key.projectId}`;
  return row ? toItem(row as Row) : null;
}

/** How to list a project's records: see `listProjectRows`. */
export interface ProjectListOptions {
  /** The table; with `alias`, the alias prefixes the id, project_id and status columns. */
  table: string;
  alias?: string;
  /** The selected columns: all by default. */
  select?: string;
  /** Lower-cased text columns the search looks in (any of them matches). */
  searchColumns: string[];
  /** The status asked for (none: any); the table has a status column. */
  status?: string | null;
  /** Further conditions, all of which must hold. */
  where?: Array<SQL.Query<unknown>>;
}

/** One page of a project's records for an admin list: searched, filtered by status and `where`, sorted. */
export async function listProjectRows<Row>(
  sql: SQL,
  projectId: string,
  query: ListQuery,
  options: ProjectListOptions,
): Promise<{ rows: Row[]; total: number }> {
  const prefix = options.alias ? `${options.alias}.` : "";
  const column = (name: string) => sql.unsafe(`${prefix}${name}`);
  const where = [sql`${column("project_id")} = ${projectId}`, ...(options.where ?? [])];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const matches = options.searchColumns.map((name) => sql`${sql.unsafe(name)} LIKE ${pattern} ESCAPE '\\'`);
    where.push(matches.reduce((any, match) => sql`(${any} OR ${match})`));
  }
  if (options.status) where.push(sql`${column("status")} = ${options.status}`);
  return listPage<Row>(sql, {
    select: options.select ?? "*",
    from: sql.unsafe(options.alias ? `${options.table} ${options.alias}` : options.table),
    where,
    query,
    tieBreaker: `${prefix}id`,
  });
}

/** One page of a project's records as `listProjectRows` finds them, each read by `options.toItem`. */
export async function listProjectRecords<Row, Item>(
  sql: SQL,
  projectId: string,
  query: ListQuery,
  options: ProjectListOptions & { toItem: (row: Row) => Item },
): Promise<{ items: Item[]; total: number }> {
  const { rows, total } = await listProjectRows<Row>(sql, projectId, query, options);
  return { items: rows.map(options.toItem), total };
}

/**
 * The plain admin writes of a project's records of `table`, whose columns come from the written body:
 * insert, update and delete, answering not found with `notFoundMessage`.
 */
export function projectRowWrites<Body>(
  table: string,
  columns: (body: Body) => Record<string, unknown>,
  notFoundMessage: string,
) {
  return {
    insert: (
      sql: SQL,
      projectId: string,
      body: Body,
      id: string = Bun.randomUUIDv7(),
    ): Promise<WriteOutcome> => insertProjectRow(sql, table, projectId, id, columns(body)),
    async update(sql: SQL, projectId: string, id: string, body: Body): Promise<WriteOutcome> {
      return foundOrNot(
        await updateProjectRow(sql, table, { projectId, id }, columns(body)),
        id,
        notFoundMessage,
      );
    },
    async delete(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
      return foundOrNot(await deleteProjectRow(sql, table, { projectId, id }), id, notFoundMessage);
    },
  };
}
