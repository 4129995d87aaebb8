import { describe, expect, test } from "bun:test";
import { moveHighlight, searchPickerPageSize, searchPickerParams } from "./search-picker-state.ts";

describe("search picker", () => {
  test("asks for the first matches in the given order, the search trimmed and left out when empty", () => {
    expect(searchPickerParams("  Acme ", "name").toString()).toBe(
      `q=Acme&sort=name&page=1&pageSize=${searchPickerPageSize}`,
    );
    expect(searchPickerParams("   ", "title").has("q")).toBe(false);
    expect(searchPickerParams("", "title").get("sort")).toBe("title");
  });

  test("arrow keys start at either end and wrap around", () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 3)).toBe(1);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
  });

  test("a highlight outside a shorter new list starts again; no options, no highlight", () => {
    expect(moveHighlight(7, 1, 3)).toBe(0);
    expect(moveHighlight(7, -1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });
});
