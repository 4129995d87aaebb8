/** Small helpers the repositories share for reading rows the same way on both engines, and write outcomes. */

/** A count as either engine returns it (number, string or bigint). */
export const toCount = (value: unknown): number => Number(value ?? 0);

export const toBoolean = (value: unknown): boolean => Boolean(value) && value !== "0" && value !== "false";

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The lower-cased key column of a text: case-insensitive uniqueness and search on both engines. */
export const textKey = (text: string): string => text.trim().toLowerCase();

export const nowIso = (): string => new Date().toISOString();

/** Draft or live, as stored. */
export const contentStatus = (value: unknown): "draft" | "live" => (value === "live" ? "live" : "draft");

/** An optional image or link address: blank means none. */
export const optionalUrl = (value: string | null | undefined): string | null => value?.trim() || null;

/** The outcome of an admin write: the record's id, or why not (answered as that status). */
export type WriteOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404 | 409; error: string; field?: string };

export const notFound = (error: string): WriteOutcome => ({ ok: false, status: 404, error });

/** The outcome of a write to record `id`: done when `found`, else not found with `notFoundMessage`. */
export const foundOrNot = (found: boolean, id: string, notFoundMessage: string): WriteOutcome =>
  found ? { ok: true, id } : notFound(notFoundMessage);

/** The columns every stored record has: its id, and when it was written first and last. */
export interface RecordRow {
  id: string;
  created_at: string;
  updated_at: string;
}

/** A column's name as the field the APIs call it: `avatar_url` is `avatarUrl`. */
export type FieldName<Column extends string> = Column extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<FieldName<Tail>>}`
  : Column;

/** The words of a space-separated list, as a union. */
type Words<List extends string> = List extends `${infer Head} ${infer Tail}` ? Head | Words<Tail> : List;

/** `List` when every word of it names a column of `Row`. */
type ColumnList<Row, List extends string> = Words<List> extends keyof Row & string ? List : never;

const fieldName = (column: string): string =>
  column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The columns of a row named in `columns` (space-separated) as the API's fields (`avatar_url` as
 * `avatarUrl`), in the order named. A mapper names every field of its record in the API's order, then
 * sets again the ones it converts (parsed JSON, booleans, counts): a field set again keeps its place,
 * so the answers keep their order.
 */
export function rowFields<Row, List extends string>(
  row: Row,
  columns: List & ColumnList<Row, List>,
): { [C in Words<List> & keyof Row & string as FieldName<C>]: Row[C] } {
  const fields: Record<string, unknown> = {};
  for (const column of columns.split(" ")) fields[fieldName(column)] = row[column as keyof Row];
  return fields as { [C in Words<List> & keyof Row & string as FieldName<C>]: Row[C] };
}
