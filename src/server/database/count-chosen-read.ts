/**
 * One of two SELECTs, chosen by a count that an earlier read of the same call answered: `few` when the
 * count is at most `fewUpTo`, `many` otherwise. A list page picks its plan from its own count this way
 * (list-query.ts); on SQLite the choice is made inside the reader's read transaction, so the page and
 * the count it was chosen by see the same commit. `Query` is the query before and after rendering.
 */
export interface CountChosen<Query> {
  /** The index, in the same call, of the earlier read whose first row's first column is the count. */
  countOf: number;
  fewUpTo: number;
  few: Query;
  many: Query;
}

/** The count a count read answered: the first column of its first row (a string on PostgreSQL). */
export function countIn(rows: readonly unknown[]): number {
  const [row] = rows;
  const value = row && typeof row === "object" ? Object.values(row)[0] : undefined;
  const readable = typeof value === "number" || typeof value === "bigint" || typeof value === "string";
  const count = readable ? Number(value) : Number.NaN;
  if (!Number.isFinite(count)) {
    throw new Error(`A count-chosen read's count read answered no count: ${JSON.stringify(row)}`);
  }
  return count;
}

/**
 * The query to run, given the rows of the reads before it in the same call. A choice that names a
 * read not before it is a mistake in the caller's code, not a plan to guess at.
 */
export function chooseByCount<Query>(choice: CountChosen<Query>, earlier: readonly unknown[][]): Query {
  const rows = Number.isInteger(choice.countOf) && choice.countOf >= 0 ? earlier[choice.countOf] : undefined;
  if (!rows) {
    throw new Error(`A count-chosen read must come after its count read (read ${choice.countOf})`);
  }
  return countIn(rows) <= choice.fewUpTo ? choice.few : choice.many;
}
