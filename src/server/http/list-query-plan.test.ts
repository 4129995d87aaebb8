import { describe, expect, test } from "bun:test";
import { ReadSql, readSql, renderSql } from "../database/read-sql.ts";
import { type ListQuery, listPageReads, matchesFirstCap, matchesFirstUpTo } from "./list-query.ts";

/** The choice of a list page's plan by its count (list-query.ts): the pure part, without a database. */
describe("matchesFirstUpTo", () => {
  test("looks the matches up first while they are under twenty times the rows the page needs", () => {
    expect(matchesFirstUpTo(25)).toBe(500);
    expect(matchesFirstUpTo(100)).toBe(2000);
  });

  test("never past a few thousand matches, however deep the page", () => {
    expect(matchesFirstUpTo(250)).toBe(matchesFirstCap);
    expect(matchesFirstUpTo(100_000)).toBe(matchesFirstCap);
    expect(matchesFirstCap).toBe(5000);
  });
});

const query = (page: number): ListQuery => ({
  page,
  pageSize: 25,
  sort: { column: "created_at", direction: "desc" },
  search: "x",
  params: new URLSearchParams(),
});

const options = (where = [readSql`name_key LIKE ${"%x%"}`], page = 1) => ({
  select: "id",
  from: readSql`users`,
  where,
  query: query(page),
  tieBreaker: "id",
  matchesFirstBy: "name_key",
});

describe("listPageReads", () => {
  test("with a condition, the page is chosen by the count read before it", () => {
    const [count, page] = listPageReads(options(undefined, 3));
    if (!(count instanceof ReadSql)) throw new Error("expected a count read run every time");
    expect(renderSql(count, "sqlite").text).toContain("SELECT count(*) AS total FROM users");
    if (!("countOf" in page)) throw new Error("expected a count-chosen page");
    expect(page.countOf).toBe(0);
    expect(page.fewUpTo).toBe(matchesFirstUpTo(75));
    const few = renderSql(page.few, "postgres");
    expect(few.text.replace(/\s+/g, " ")).toBe(
      "SELECT id FROM users WHERE name_key IN (SELECT name_key FROM users WHERE name_key LIKE $1) ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    );
    expect(few.params).toEqual(["%x%", 25, 50]);
    const many = renderSql(page.many, "postgres");
    expect(many.text.replace(/\s+/g, " ")).toBe(
      "SELECT id FROM users WHERE name_key LIKE $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    );
  });

  test("without a condition, or without a key to look matches up by, the page walks the sort order", () => {
    for (const [, page] of [
      listPageReads(options([])),
      listPageReads({ ...options(), matchesFirstBy: undefined }),
    ]) {
      expect(page).toBeInstanceOf(ReadSql);
    }
  });
});
