import { describe, expect, test } from "bun:test";
import { expectDefaultList } from "../shell/list/list-query-expectations.ts";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { jobListUrl } from "./job-list-query.ts";

describe("job list query", () => {
  test("an empty query string is the default list", () => {
    expectDefaultList(jobListUrl);
  });

  test("filters, sort and page survive a round trip; invalid values fall back", () => {
    const search = "?q=dev&companyId=c1&type=FREELANCE&level=JUNIOR&remote=true&sort=salaryMax&page=3";
    const query = jobListUrl.parse(search);
    expect(query).toMatchObject({
      q: "dev",
      companyId: "c1",
      type: "FREELANCE",
      level: "JUNIOR",
      remote: true,
    });
    expect(query.sort).toEqual({ field: "salaryMax", direction: "asc" });
    expect(jobListUrl.parse(jobListUrl.search(query))).toEqual(query);
    expect(jobListUrl.parse("?type=NOPE&sort=-nope&pageSize=7")).toEqual(jobListUrl.defaults);
  });

  test("the API is always asked with sort and page", () => {
    expect(jobListUrl.apiParams(jobListUrl.defaults).toString()).toBe("sort=-updatedAt&page=1&pageSize=25");
  });

  test("a change other than the page starts at page 1; sorting flips the same column", () => {
    const onPage3 = { ...jobListUrl.defaults, page: 3 };
    expect(changeListQuery(onPage3, { type: "INTERNSHIP" }).page).toBe(1);
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(toggleListSort(jobListUrl.defaults, "updatedAt").sort.direction).toBe("asc");
    expect(toggleListSort(jobListUrl.defaults, "title").sort).toEqual({ field: "title", direction: "asc" });
  });
});
