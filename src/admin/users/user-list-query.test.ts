import { describe, expect, test } from "bun:test";
import {
  changeUserListQuery,
  defaultUserListQuery,
  parseUserListQuery,
  toggleSort,
  userListApiParams,
  userListSearch,
} from "./user-list-query.ts";

describe("parseUserListQuery", () => {
  test("an empty query is the default list", () => {
    expect(parseUserListQuery("")).toEqual(defaultUserListQuery);
    expect(parseUserListQuery("?")).toEqual(defaultUserListQuery);
  });

  test("reads every parameter", () => {
    expect(
      parseUserListQuery(
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
    expect(parseUserListQuery("sort=-balance").sort).toEqual({ field: "balance", direction: "desc" });
  });

  test("invalid values fall back to the defaults", () => {
    const query = parseUserListQuery(
      "role=OWNER&status=gone&emailVerified=yes&mfa=1&sort=-password&page=-2&pageSize=7",
    );
    expect(query).toEqual(defaultUserListQuery);
    expect(parseUserListQuery("page=1.5").page).toBe(1);
    expect(parseUserListQuery("page=abc").page).toBe(1);
  });
});

describe("userListSearch and userListApiParams", () => {
  test("the default list has no query string, but the API is asked with every parameter", () => {
    expect(userListSearch(defaultUserListQuery)).toBe("");
    expect(userListApiParams(defaultUserListQuery).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
  });

  test("a round trip keeps the state", () => {
    const query = {
      ...defaultUserListQuery,
      q: "an & co",
      role: "USER" as const,
      status: "enabled" as const,
      emailVerified: false,
      mfa: true,
      sort: { field: "xp" as const, direction: "desc" as const },
      page: 4,
      pageSize: 100,
    };
    const search = userListSearch(query);
    expect(search).toBe(
      "?q=an+%26+co&role=USER&status=enabled&emailVerified=false&mfa=true&sort=-xp&page=4&pageSize=100",
    );
    expect(parseUserListQuery(search)).toEqual(query);
  });
});

describe("changes", () => {
  const onPage3 = { ...defaultUserListQuery, page: 3 };

  test("a new filter or search starts again on page 1; a page change keeps the rest", () => {
    expect(changeUserListQuery(onPage3, { role: "ADMIN" })).toEqual({
      ...defaultUserListQuery,
      role: "ADMIN",
    });
    expect(changeUserListQuery(onPage3, { q: "x" }).page).toBe(1);
    expect(changeUserListQuery({ ...onPage3, q: "x" }, { page: 4 })).toEqual({ ...onPage3, q: "x", page: 4 });
  });

  test("sorting: a new column ascends, the same column flips", () => {
    const byName = toggleSort(onPage3, "name");
    expect(byName.sort).toEqual({ field: "name", direction: "asc" });
    expect(byName.page).toBe(1);
    expect(toggleSort(byName, "name").sort).toEqual({ field: "name", direction: "desc" });
    expect(toggleSort(defaultUserListQuery, "createdAt").sort).toEqual({
      field: "createdAt",
      direction: "asc",
    });
  });
});
