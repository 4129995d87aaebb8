import { describe, expect, test } from "bun:test";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { userListUrl } from "./user-list-query.ts";

describe("userListUrl.parse", () => {
  test("an empty query is the default list", () => {
    expect(userListUrl.parse("")).toEqual(userListUrl.defaults);
    expect(userListUrl.parse("?")).toEqual(userListUrl.defaults);
  });

  test("reads every parameter", () => {
    expect(
      userListUrl.parse(
        "?q=%20anna%20&role=ADMIN&status=banned&emailVerified=true&mfa=false&sort=name&page=3&pageSize=50",
      ),
    ).toEqual({
      q: "anna",
      role: "ADMIN",
      status: "banned",
      emailVerified: true,
      mfa: false,
      sort: { field: "name", direction: "asc" },
      page: 3,
      pageSize: 50,
    });
    expect(userListUrl.parse("sort=-balance").sort).toEqual({ field: "balance", direction: "desc" });
  });

  test("invalid values fall back to the defaults", () => {
    const query = userListUrl.parse(
      "role=OWNER&status=gone&emailVerified=yes&mfa=1&sort=-password&page=-2&pageSize=7",
    );
    expect(query).toEqual(userListUrl.defaults);
    expect(userListUrl.parse("page=1.5").page).toBe(1);
    expect(userListUrl.parse("page=abc").page).toBe(1);
  });
});

describe("userListUrl.search and userListUrl.apiParams", () => {
  test("the default list has no query string, but the API is asked with every parameter", () => {
    expect(userListUrl.search(userListUrl.defaults)).toBe("");
    expect(userListUrl.apiParams(userListUrl.defaults).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
  });

  test("a round trip keeps the state", () => {
    const query = {
      ...userListUrl.defaults,
      q: "an & co",
      role: "USER" as const,
      status: "enabled" as const,
      emailVerified: false,
      mfa: true,
      sort: { field: "xp" as const, direction: "desc" as const },
      page: 4,
      pageSize: 100,
    };
    const search = userListUrl.search(query);
    expect(search).toBe(
      "?q=an+%26+co&role=USER&status=enabled&emailVerified=false&mfa=true&sort=-xp&page=4&pageSize=100",
    );
    expect(userListUrl.parse(search)).toEqual(query);
  });
});

describe("changes", () => {
  const onPage3 = { ...userListUrl.defaults, page: 3 };

  test("a new filter or search starts again on page 1; a page change keeps the rest", () => {
    expect(changeListQuery(onPage3, { role: "ADMIN" })).toEqual({
      ...userListUrl.defaults,
      role: "ADMIN",
    });
    expect(changeListQuery(onPage3, { q: "x" }).page).toBe(1);
    expect(changeListQuery({ ...onPage3, q: "x" }, { page: 4 })).toEqual({ ...onPage3, q: "x", page: 4 });
  });

  test("sorting: a new column ascends, the same column flips", () => {
    const byName = toggleListSort(onPage3, "name");
    expect(byName.sort).toEqual({ field: "name", direction: "asc" });
    expect(byName.page).toBe(1);
    expect(toggleListSort(byName, "name").sort).toEqual({ field: "name", direction: "desc" });
    expect(toggleListSort(userListUrl.defaults, "createdAt").sort).toEqual({
      field: "createdAt",
      direction: "asc",
    });
  });
});
