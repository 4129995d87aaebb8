import { describe, expect, test } from "bun:test";
import {
  categoryListApiParams,
  categoryListSearch,
  defaultCategoryListQuery,
  pageAfterDelete,
  parseCategoryListQuery,
} from "./category-list-query.ts";

describe("category list query", () => {
  test("an empty query string is the default list, sorted by title", () => {
    expect(parseCategoryListQuery("")).toEqual(defaultCategoryListQuery);
    expect(categoryListSearch(defaultCategoryListQuery)).toBe("");
    expect(categoryListApiParams(defaultCategoryListQuery).toString()).toBe("sort=title&page=1&pageSize=25");
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    const query = parseCategoryListQuery("?q=python&sort=-challenges&page=2&pageSize=10");
    expect(query).toEqual({
      q: "python",
      sort: { field: "challenges", direction: "desc" },
      page: 2,
      pageSize: 10,
    });
    expect(parseCategoryListQuery(categoryListSearch(query))).toEqual(query);
    expect(parseCategoryListQuery("?sort=information&page=-1&pageSize=1000")).toEqual(
      defaultCategoryListQuery,
    );
  });

  test("deleting the last row of a later page goes back one page", () => {
    const onPage3 = { ...defaultCategoryListQuery, page: 3 };
    expect(pageAfterDelete(onPage3, 1)).toBe(2);
    expect(pageAfterDelete(onPage3, 5)).toBe(3);
    expect(pageAfterDelete(defaultCategoryListQuery, 1)).toBe(1);
  });
});
