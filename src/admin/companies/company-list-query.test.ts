import { describe, expect, test } from "bun:test";
import { expectDefaultList, expectRoundTrip } from "../shell/list/list-query-expectations.ts";
import { companyListUrl } from "./company-list-query.ts";

describe("company list query", () => {
  test("an empty query string is the default list, sorted by name", () => {
    expectDefaultList(companyListUrl);
    expect(companyListUrl.apiParams(companyListUrl.defaults).toString()).toBe("sort=name&page=1&pageSize=25");
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    expectRoundTrip(companyListUrl, "?q=acme&sort=-jobs&page=2&pageSize=100", {
      q: "acme",
      sort: { field: "jobs", direction: "desc" },
      page: 2,
      pageSize: 100,
    });
    expect(companyListUrl.parse("?sort=website&page=x&pageSize=20")).toEqual(companyListUrl.defaults);
  });
});
