import { describe, expect, test } from "bun:test";
import { type PageItem, pageItems } from "./page-items.ts";

const text = (items: PageItem[]) => items.map((item) => (item === "gap" ? "…" : String(item))).join(" ");

describe("pageItems", () => {
  test("the issue's example: page 6 of 48", () => {
    expect(text(pageItems(6, 48))).toBe("1 … 4 5 6 7 8 … 48");
  });

  test("near the ends the window slides, keeping nine items", () => {
    expect(text(pageItems(1, 48))).toBe("1 2 3 4 5 6 7 … 48");
    expect(text(pageItems(4, 48))).toBe("1 2 3 4 5 6 7 … 48");
    expect(text(pageItems(5, 48))).toBe("1 2 3 4 5 6 7 … 48");
    expect(text(pageItems(44, 48))).toBe("1 … 42 43 44 45 46 47 48");
    expect(text(pageItems(48, 48))).toBe("1 … 42 43 44 45 46 47 48");
    for (let page = 1; page <= 48; page++) expect(pageItems(page, 48)).toHaveLength(9);
  });

  test("a gap stands for two pages or more, never for one", () => {
    for (const pages of [10, 11, 12, 48, 1000]) {
      for (let page = 1; page <= pages; page++) {
        const items = pageItems(page, pages);
        items.forEach((item, index) => {
          if (item !== "gap") return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
        // Ascending, within range, with the current, first and last pages.
        const numbers = items.filter((item): item is number => item !== "gap");
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
      }
    }
  });

  test("few pages are all shown", () => {
    expect(text(pageItems(1, 1))).toBe("1");
    expect(text(pageItems(3, 5))).toBe("1 2 3 4 5");
    expect(text(pageItems(9, 9))).toBe("1 2 3 4 5 6 7 8 9");
    expect(text(pageItems(1, 10))).toBe("1 2 3 4 5 6 7 … 10");
  });

  test("out-of-range and empty input is clamped", () => {
    expect(text(pageItems(60, 48))).toBe("1 … 42 43 44 45 46 47 48");
    expect(text(pageItems(0, 48))).toBe("1 2 3 4 5 6 7 … 48");
    expect(text(pageItems(1, 0))).toBe("1");
  });

  test("other widths: one sibling; no boundaries shows only the window", () => {
    expect(text(pageItems(6, 48, { siblings: 1 }))).toBe("1 … 5 6 7 … 48");
    expect(text(pageItems(6, 48, { siblings: 1, boundaries: 0 }))).toBe("5 6 7");
    expect(text(pageItems(1, 48, { siblings: 1, boundaries: 0 }))).toBe("1 2 3");
    expect(text(pageItems(48, 48, { siblings: 1, boundaries: 0 }))).toBe("46 47 48");
    expect(text(pageItems(1, 2, { siblings: 1, boundaries: 0 }))).toBe("1 2");
  });
});
