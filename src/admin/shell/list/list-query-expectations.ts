import { expect } from "bun:test";
import type { ListQueryCodec } from "./list-url.ts";

// What the list query tests check of every list's URL state (list-url.ts), for the tests to share.

/** An empty query string reads as the defaults, and the defaults write an empty one. */
export function expectDefaultList<Q>(url: ListQueryCodec<Q>): void {
  expect(url.parse("")).toEqual(url.defaults);
  expect(url.search(url.defaults)).toBe("");
}

/** `search` reads as `expected`, and what that query writes reads the same again; answers the query. */
export function expectRoundTrip<Q>(url: ListQueryCodec<Q>, search: string, expected: NoInfer<Q>): Q {
  const query = url.parse(search);
  expect(query).toEqual(expected);
  expect(url.parse(url.search(query))).toEqual(query);
  return query;
}
