/** How a stored record's row becomes the record the APIs answer: the same columns, camelCased. */

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
