import { describe, expect, test } from "bun:test";
import { changeListQuery, toggleListSort } from "../shell/list-url.ts";
import {
  defaultSubSkillListQuery,
  parseSubSkillListQuery,
  subSkillListApiParams,
  subSkillListSearch,
} from "./sub-skill-list-query.ts";

describe("sub-skill list query", () => {
  test("an empty query string is the default list", () => {
    expect(parseSubSkillListQuery("")).toEqual(defaultSubSkillListQuery);
    expect(subSkillListSearch(defaultSubSkillListQuery)).toBe("");
  });

  test("the API is always asked with sort and page", () => {
    expect(subSkillListApiParams(defaultSubSkillListQuery).toString()).toBe(
      "sort=position&page=1&pageSize=25",
    );
  });

  test("search, sort and page survive a round trip; invalid values fall back", () => {
    const query = parseSubSkillListQuery("?q=sql&sort=-updatedAt&page=2&pageSize=50");
    expect(query).toEqual({
      q: "sql",
      sort: { field: "updatedAt", direction: "desc" },
      page: 2,
      pageSize: 50,
    });
    expect(parseSubSkillListQuery(subSkillListSearch(query))).toEqual(query);
    expect(parseSubSkillListQuery("?sort=xp&pageSize=1000")).toEqual(defaultSubSkillListQuery);
  });

  test("a new search starts at page 1; sorting flips the same column", () => {
    const onPage2 = { ...defaultSubSkillListQuery, page: 2 };
    expect(changeListQuery(onPage2, { q: "join" }).page).toBe(1);
    expect(toggleListSort(defaultSubSkillListQuery, "position").sort.direction).toBe("desc");
  });
});
