import { describe, expect, test } from "bun:test";
import { companyPickerPageSize, companyPickerParams, moveHighlight } from "./company-picker-state.ts";

describe("company picker", () => {
  test("asks for the first matches by name, the search trimmed and left out when empty", () => {
    expect(companyPickerParams("  Acme ").toString()).toBe(
      `q=Acme&sort=name&page=1&pageSize=${companyPickerPageSize}`,
    );
    expect(companyPickerParams("   ").has("q")).toBe(false);
    expect(companyPickerParams("").get("sort")).toBe("name");
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
