import { describe, expect, test } from "bun:test";
import { companyListUrl } from "./company-list-query.ts";

describe("company list query", () => {
  test("an empty query string is the default list, sorted by name", () => {
    expect(companyListUrl.parse("")).toEqual(companyListUrl.defaults);
    expect(companyListUrl.search(companyListUrl.defaults)).toBe("");
    expect(companyListUrl.apiParams(companyListUrl.defaults).toString()).toBe("sort=name&page=1&pageSize=25");
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    const query = companyListUrl.parse("?q=acme&sort=-jobs&page=2&pageSize=100");
    expect(query).toEqual({ q: "acme", sort: { field: "jobs", direction: "desc" }, page: 2, pageSize: 100 });
    expect(companyListUrl.parse(companyListUrl.search(query))).toEqual(query);
    expect(companyListUrl.parse("?sort=website&page=x&pageSize=20")).toEqual(companyListUrl.defaults);
  });
});
