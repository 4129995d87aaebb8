import { describe, expect, test } from "bun:test";
import { builderTexts } from "./builder-texts.ts";
import { recheckProblem, selectorsToRecheck } from "./selector-recheck.ts";

const t = builderTexts("en-US");

describe("the re-check before a save", () => {
  test("asks about selectors picked on the page shown now and still in the item", () => {
    const picks = new Map([
      ["#save", "https://shop.test/cart#top"],
      ["#gone", "https://shop.test/cart"],
      ["#elsewhere", "https://shop.test/checkout"],
    ]);
    expect(selectorsToRecheck(picks, "https://shop.test/cart", ["#save", "#elsewhere", "#typed"])).toEqual([
      "#save",
    ]);
  });

  test("a selector that finds nothing or more than one element stops the save, saying which", () => {
    expect(recheckProblem(["#a"], [{ selector: "#a", count: 1 }], t)).toBeNull();
    expect(recheckProblem(["#a"], [{ selector: "#a", count: 0 }], t)).toBe(
      "#a is no longer on this page: pick the element again.",
    );
    expect(
      recheckProblem(
        ["#a", ".b"],
        [
          { selector: "#a", count: 1 },
          { selector: ".b", count: 3 },
        ],
        t,
      ),
    ).toBe(".b now finds 3 elements on this page: pick the element again.");
    // An answer that leaves a selector out counts it as not found.
    expect(recheckProblem(["#a"], [], t)).toContain("no longer on this page");
  });
});
