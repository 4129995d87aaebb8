import { describe, expect, test } from "bun:test";
import { testListQueryBasics } from "../shell/list/list-query-expectations.ts";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { subSkillListUrl } from "./sub-skill-list-query.ts";

describe("sub-skill list query", () => {
  // The API is always asked with sort and page.
  testListQueryBasics(subSkillListUrl, {
    apiDefaults: "sort=position&page=1&pageSize=25",
    roundTrip: [
      "?q=sql&sort=-updatedAt&page=2&pageSize=50",
      { q: "sql", sort: { field: "updatedAt", direction: "desc" }, page: 2, pageSize: 50 },
    ],
    invalid: "?sort=xp&pageSize=1000",
  });

  test("a new search starts at page 1; sorting flips the same column", () => {
    const onPage2 = { ...subSkillListUrl.defaults, page: 2 };
    expect(changeListQuery(onPage2, { q: "join" }).page).toBe(1);
    expect(toggleListSort(subSkillListUrl.defaults, "position").sort.direction).toBe("desc");
  });
});
