import { describe, expect, test } from "bun:test";
import { expectRoundTrip } from "../shell/list/list-query-expectations.ts";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { reportListUrl } from "./report-list-query.ts";

describe("report list query", () => {
  test("an empty query string is the default list: open reports, newest first", () => {
    expect(reportListUrl.parse("")).toEqual(reportListUrl.defaults);
    expect(reportListUrl.defaults.state).toBe("open");
    expect(reportListUrl.search(reportListUrl.defaults)).toBe("?state=open");
    expect(reportListUrl.apiParams(reportListUrl.defaults).toString()).toBe(
      "state=open&sort=-createdAt&page=1&pageSize=25",
    );
  });

  test("`state=any` shows every state: the API is asked without a state", () => {
    const every = reportListUrl.parse("?state=any");
    expect(every.state).toBeNull();
    expect(reportListUrl.search(every)).toBe("?state=any");
    expect(reportListUrl.apiParams(every).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
    expect(reportListUrl.parse("?state=resolved").state).toBe("resolved");
  });

  test("reads every parameter, and a round trip through the URL keeps them", () => {
    const query = expectRoundTrip(
      reportListUrl,
      "?q=%20loop%20&state=open&reason=UNRELATED_SKILL&taskKind=CODING&sort=resolvedAt&page=2&pageSize=50",
      {
        q: "loop",
        state: "open",
        reason: "UNRELATED_SKILL",
        taskKind: "CODING",
        sort: { field: "resolvedAt", direction: "asc" },
        page: 2,
        pageSize: 50,
      },
    );
    expect(reportListUrl.apiParams(query).toString()).toBe(
      "q=loop&state=open&reason=UNRELATED_SKILL&taskKind=CODING&sort=resolvedAt&page=2&pageSize=50",
    );
  });

  test("values the API does not offer fall back to the defaults", () => {
    // An unknown state is the default one (open).
    expect(
      reportListUrl.parse("?state=closed&reason=SPAM&taskKind=ESSAY&sort=-title&page=0&pageSize=7"),
    ).toEqual(reportListUrl.defaults);
    expect(reportListUrl.parse("?reason=abuse").reason).toBeNull();
    expect(reportListUrl.parse("?page=-3").page).toBe(1);
  });

  test("the reason sort and the descending resolution date", () => {
    expect(reportListUrl.parse("?sort=-resolvedAt").sort).toEqual({
      field: "resolvedAt",
      direction: "desc",
    });
    expect(reportListUrl.parse("?sort=reason").sort).toEqual({ field: "reason", direction: "asc" });
  });

  test("a filter change starts at page 1; sorting flips the same column", () => {
    const onPage3 = { ...reportListUrl.defaults, page: 3 };
    expect(changeListQuery(onPage3, { state: "resolved" }).page).toBe(1);
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(toggleListSort(reportListUrl.defaults, "createdAt").sort).toEqual({
      field: "createdAt",
      direction: "asc",
    });
    expect(toggleListSort(reportListUrl.defaults, "reason").sort).toEqual({
      field: "reason",
      direction: "asc",
    });
  });
});
