import { expect, test } from "bun:test";
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

/** What {@link testListQueryBasics} checks of one list. */
export interface ListQueryBasics<Q> {
  /** How the default list is ordered, in the test's name ("sorted by name"). */
  order?: string;
  /** The parameters the API is asked for the default list. */
  apiDefaults?: string;
  /** A query string with a search, a sort and a page, and the query it reads as. */
  roundTrip: [search: string, query: NoInfer<Q>];
  /** A query string whose every value is invalid, so it reads as the defaults. */
  invalid: string;
}

/**
 * The two tests every list's URL state passes: an empty query string is the default list (which the API
 * is asked for with `apiDefaults`), and search, sort and page survive a round trip while invalid values
 * fall back to the defaults.
 */
export function testListQueryBasics<Q>(url: ListQueryCodec<Q>, basics: ListQueryBasics<Q>): void {
  test(`an empty query string is the default list${basics.order ? `, ${basics.order}` : ""}`, () => {
    expectDefaultList(url);
    if (basics.apiDefaults !== undefined)
      expect(url.apiParams(url.defaults).toString()).toBe(basics.apiDefaults);
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    expectRoundTrip(url, ...basics.roundTrip);
    expect(url.parse(basics.invalid)).toEqual(url.defaults);
  });
}
