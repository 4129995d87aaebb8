import { describe, expect, test } from "bun:test";
import { expectDefaultList, expectRoundTrip } from "../shell/list/list-query-expectations.ts";
import { categoryListUrl, pageAfterDelete } from "./category-list-query.ts";

describe("category list query", () => {
  test("an empty query string is the default list, sorted by title", () => {
    expectDefaultList(categoryListUrl);
    expect(categoryListUrl.apiParams(categoryListUrl.defaults).toString()).toBe(
      "sort=title&page=1&pageSize=25",
    );
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    expectRoundTrip(categoryListUrl, "?q=python&sort=-challenges&page=2&pageSize=10", {
      q: "python",
      sort: { field: "challenges", direction: "desc" },
      page: 2,
      pageSize: 10,
    });
    expect(categoryListUrl.parse("?sort=information&page=-1&pageSize=1000")).toEqual(
      categoryListUrl.defaults,
    );
  });

  test("deleting the last row of a later page goes back one page", () => {
    const onPage3 = { ...categoryListUrl.defaults, page: 3 };
    expect(pageAfterDelete(onPage3, 1)).toBe(2);
    expect(pageAfterDelete(onPage3, 5)).toBe(3);
    expect(pageAfterDelete(categoryListUrl.defaults, 1)).toBe(1);
  });
});
