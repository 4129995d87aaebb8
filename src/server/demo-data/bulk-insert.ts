import type { SQL } from "bun";

/** Well below SQLite's 32,766 bound parameters per statement (PostgreSQL allows 65,535). */
const maxParameters = 30_000;
const maxRowsPerStatement = 500;

export type Row = Record<string, string | number | boolean | null>;

/**
 * Inserts rows with multi-row INSERT statements of at most a few hundred rows each. Every row must have
 * the same keys (the column list comes from the first one). Run it inside a transaction: one commit for
 * the whole seed is what makes it fast on SQLite.
 */
export async function insertRows(sql: SQL, table: string, rows: readonly Row[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).length;
  const chunk = Math.max(1, Math.min(maxRowsPerStatement, Math.floor(maxParameters / columns)));
  for (let start = 0; start < rows.length; start += chunk) {
    await sql`INSERT INTO ${sql(table)} ${sql(rows.slice(start, start + chunk))}`;
  }
}
