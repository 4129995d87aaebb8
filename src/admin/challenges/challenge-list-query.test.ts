import { describe, expect, test } from "bun:test";
import { expectDefaultList, expectRoundTrip } from "../shell/list/list-query-expectations.ts";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { challengeListUrl, uncategorised } from "./challenge-list-query.ts";

const challengeListFiltered = challengeListUrl.filtered;

describe("challenge list query", () => {
  test("an empty query string is the default list", () => {
    expectDefaultList(challengeListUrl);
    expect(challengeListFiltered(challengeListUrl.defaults)).toBe(false);
  });

  test("search, filters, sort and page survive a round trip", () => {
    const search =
      "?q=%20loops%20&categoryId=c1&difficulty=HARD&status=PUBLISHED&sort=-tasks&page=2&pageSize=50";
    const query = expectRoundTrip(challengeListUrl, search, {
      q: "loops",
      categoryId: "c1",
      difficulty: "HARD",
      status: "PUBLISHED",
      sort: { field: "tasks", direction: "desc" },
      page: 2,
      pageSize: 50,
    });
    expect(challengeListFiltered(query)).toBe(true);
  });

  test("invalid values fall back to the defaults", () => {
    expect(challengeListUrl.parse("?difficulty=TRIVIAL&status=LIVE&sort=-creator&page=0&pageSize=7")).toEqual(
      challengeListUrl.defaults,
    );
  });

  test("the uncategorised filter is passed on as the API's `none`", () => {
    const query = challengeListUrl.parse(`?categoryId=${uncategorised}`);
    expect(query.categoryId).toBe("none");
    expect(challengeListUrl.apiParams(query).get("categoryId")).toBe("none");
  });

  test("the API is always asked with sort and page", () => {
    expect(challengeListUrl.apiParams(challengeListUrl.defaults).toString()).toBe(
      "sort=-createdAt&page=1&pageSize=25",
    );
  });

  test("a filter change starts at page 1; sorting a new column starts ascending", () => {
    const onPage3 = { ...challengeListUrl.defaults, page: 3 };
    expect(changeListQuery(onPage3, { status: "DRAFT" }).page).toBe(1);
    expect(toggleListSort(onPage3, "difficulty").sort).toEqual({ field: "difficulty", direction: "asc" });
    expect(toggleListSort(challengeListUrl.defaults, "createdAt").sort.direction).toBe("asc");
  });
});
