import { describe, expect, test } from "bun:test";
import { changeListQuery, toggleListSort } from "../shell/list-url.ts";
import { defaultJobListQuery, jobListApiParams, jobListSearch, parseJobListQuery } from "./job-list-query.ts";

describe("job list query", () => {
  test("an empty query string is the default list", () => {
    expect(parseJobListQuery("")).toEqual(defaultJobListQuery);
    expect(jobListSearch(defaultJobListQuery)).toBe("");
  });

  test("filters, sort and page survive a round trip; invalid values fall back", () => {
    const search = "?q=dev&companyId=c1&type=FREELANCE&level=JUNIOR&remote=true&sort=salaryMax&page=3";
    const query = parseJobListQuery(search);
    expect(query).toMatchObject({
      q: "dev",
      companyId: "c1",
      type: "FREELANCE",
      level: "JUNIOR",
      remote: true,
    });
    expect(query.sort).toEqual({ field: "salaryMax", direction: "asc" });
    expect(parseJobListQuery(jobListSearch(query))).toEqual(query);
    expect(parseJobListQuery("?type=NOPE&sort=-nope&pageSize=7")).toEqual(defaultJobListQuery);
  });

  test("the API is always asked with sort and page", () => {
    expect(jobListApiParams(defaultJobListQuery).toString()).toBe("sort=-updatedAt&page=1&pageSize=25");
  });

  test("a change other than the page starts at page 1; sorting flips the same column", () => {
    const onPage3 = { ...defaultJobListQuery, page: 3 };
    expect(changeListQuery(onPage3, { type: "INTERNSHIP" }).page).toBe(1);
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(toggleListSort(defaultJobListQuery, "updatedAt").sort.direction).toBe("asc");
    expect(toggleListSort(defaultJobListQuery, "title").sort).toEqual({ field: "title", direction: "asc" });
  });
});
