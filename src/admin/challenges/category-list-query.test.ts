import { describe, expect, test } from "bun:test";
import { testListQueryBasics } from "../shell/list/list-query-expectations.ts";
import { categoryListUrl, pageAfterDelete } from "./category-list-query.ts";

describe("category list query", () => {
  testListQueryBasics(categoryListUrl, {
    order: "sorted by title",
    apiDefaults: "sort=title&page=1&pageSize=25",
    roundTrip: [
      "?q=python&sort=-challenges&page=2&pageSize=10",
      { q: "python", sort: { field: "challenges", direction: "desc" }, page: 2, pageSize: 10 },
    ],
    invalid: "?sort=information&page=-1&pageSize=1000",
  });

  test("deleting the last row of a later page goes back one page", () => {
    const onPage3 = { ...categoryListUrl.defaults, page: 3 };
    expect(pageAfterDelete(onPage3, 1)).toBe(2);
    expect(pageAfterDelete(onPage3, 5)).toBe(3);
    expect(pageAfterDelete(categoryListUrl.defaults, 1)).toBe(1);
  });
});
