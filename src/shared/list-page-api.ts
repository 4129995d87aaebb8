/**
 * The `{ items, total, page, pageSize }` answer of every platform list: the server's list routes send it,
 * the admin's list screens read it.
 */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
