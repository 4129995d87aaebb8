import type { Database } from "bun:sqlite";

/**
 * Statements of the ping log's writes whose text depends on how many rows they take, made so that few
 * texts exist: SQLite keeps 512 prepared statements per connection (sqlite-statement-cache.ts), and a
 * text per row count would push the server's other statements out. An `IN (…)` list is padded to the
 * next power of two with its last value (a value twice is the same condition); a multi-row INSERT is
 * cut in power-of-two pieces (23 rows: 16, 4, 2 and 1).
 */

type Value = string | number | null;

const texts = new Map<string, string>();

function textOf(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

/** The power of two at or above `count`. */
const bucket = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(1, count)));

/** `?, ?, …` for `count` values. */
const marks = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/** The rows of `head … WHERE column IN (values) tail`, the list padded (see above). */
export function allWhereIn<Row>(
  connection: Database,
  statement: { head: string; column: string; tail?: string },
  values: readonly Value[],
): Row[] {
  if (values.length === 0) return [];
  const size = bucket(values.length);
  const text = textOf(`${statement.head}|${statement.column}|${statement.tail ?? ""}|${size}`, () => {
    return `${statement.head} WHERE ${statement.column} IN (${marks(size)}) ${statement.tail ?? ""}`;
  });
  const padded = [...values];
  while (padded.length < size) padded.push(values[values.length - 1] as Value);
  return connection.prepare(text).all(...padded) as Row[];
}

/** Inserts `rows` (values in `columns` order) into `table` in power-of-two pieces of at most `largest`. */
export function insertRows(
  connection: Database,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly Value[]>,
  largest = 128,
): void {
  let at = 0;
  while (at < rows.length) {
    const size = Math.min(largest, 2 ** Math.floor(Math.log2(rows.length - at)));
    const text = textOf(`${table}|${columns.join(",")}|${size}`, () => {
      const row = `(${marks(columns.length)})`;
      return `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: size }, () => row).join(", ")}`;
    });
    const params: Value[] = [];
    for (const values of rows.slice(at, at + size)) params.push(...values);
    connection.prepare(text).run(...params);
    at += size;
  }
}
