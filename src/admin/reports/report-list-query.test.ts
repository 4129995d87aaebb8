import { describe, expect, test } from "bun:test";
import { changeListQuery, toggleListSort } from "../shell/list-url.ts";
import {
  defaultReportListQuery,
  parseReportListQuery,
  reportListApiParams,
  reportListSearch,
} from "./report-list-query.ts";

describe("report list query", () => {
  test("an empty query string is the default list: every state, newest first", () => {
    expect(parseReportListQuery("")).toEqual(defaultReportListQuery);
    expect(reportListSearch(defaultReportListQuery)).toBe("");
    expect(reportListApiParams(defaultReportListQuery).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
  });

  test("reads every parameter, and a round trip through the URL keeps them", () => {
    const query = parseReportListQuery(
      "?q=%20loop%20&state=open&reason=UNRELATED_SKILL&taskKind=CODING&sort=resolvedAt&page=2&pageSize=50",
    );
    expect(query).toEqual({
      q: "loop",
      state: "open",
      reason: "UNRELATED_SKILL",
      taskKind: "CODING",
      sort: { field: "resolvedAt", direction: "asc" },
      page: 2,
      pageSize: 50,
    });
    expect(parseReportListQuery(reportListSearch(query))).toEqual(query);
    expect(reportListApiParams(query).toString()).toBe(
      "q=loop&state=open&reason=UNRELATED_SKILL&taskKind=CODING&sort=resolvedAt&page=2&pageSize=50",
    );
  });

  test("values the API does not offer fall back to the defaults", () => {
    expect(
      parseReportListQuery("?state=closed&reason=SPAM&taskKind=ESSAY&sort=-title&page=0&pageSize=7"),
    ).toEqual(defaultReportListQuery);
    expect(parseReportListQuery("?reason=abuse").reason).toBeNull();
    expect(parseReportListQuery("?page=-3").page).toBe(1);
  });

  test("the reason sort and the descending resolution date", () => {
    expect(parseReportListQuery("?sort=-resolvedAt").sort).toEqual({
      field: "resolvedAt",
      direction: "desc",
    });
    expect(parseReportListQuery("?sort=reason").sort).toEqual({ field: "reason", direction: "asc" });
  });

  test("a filter change starts at page 1; sorting flips the same column", () => {
    const onPage3 = { ...defaultReportListQuery, page: 3 };
    expect(changeListQuery(onPage3, { state: "resolved" }).page).toBe(1);
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(toggleListSort(defaultReportListQuery, "createdAt").sort).toEqual({
      field: "createdAt",
      direction: "asc",
    });
    expect(toggleListSort(defaultReportListQuery, "reason").sort).toEqual({
      field: "reason",
      direction: "asc",
    });
  });
});
