import { describe, expect, test } from "bun:test";
import { searchEntry } from "./use-list-query.ts";

const typed = { listSearchTyped: true } as const;

describe("searchEntry: one search, one history entry", () => {
  test("a search's first step adds an entry, marked while it comes from a pause", () => {
    expect(searchEntry("?q=ada", "?q=bob", true, null)).toEqual({ replace: false, state: typed });
    expect(searchEntry("?q=ada", "?q=bob", false, null)).toEqual({ replace: false, state: null });
    // Another page's state (a record's, the router's own) is not the mark.
    expect(searchEntry("", "?q=bob", true, { key: "x" })).toEqual({ replace: false, state: typed });
  });

  test("the next pauses replace that entry; Enter replaces it too and ends the search", () => {
    expect(searchEntry("?q=bo", "?q=bob", true, typed)).toEqual({ replace: true, state: typed });
    expect(searchEntry("?q=bo", "?q=bob", false, typed)).toEqual({ replace: true, state: null });
  });

  test("Enter on what a pause already shows adds nothing and takes the mark off", () => {
    expect(searchEntry("?q=bob", "?q=bob", false, typed)).toEqual({ replace: true, state: null });
    expect(searchEntry("?q=bob", "?q=bob", false, null)).toBeNull();
    expect(searchEntry("?q=bob", "?q=bob", true, typed)).toBeNull();
  });
});
