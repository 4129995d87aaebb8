import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { functionLineLimit, limitBreaches } from "./function-length-limit.ts";
import { type LongFunction, longFunctionsUnder, productRoots } from "./long-functions.ts";
import allowed from "./long-functions-allowed.json";

describe("function length", () => {
  const long = (file: string, name: string, lines: number): LongFunction => ({
    file,
    name,
    startLine: 1,
    lines,
  });

  test("a new long function, a listed one that grew and a stale entry are each reported", () => {
    const listed = { "a.ts grown": 90, "a.ts same": 100, "a.ts shrunk": 120, "b.ts gone": 85 };
    expect(
      limitBreaches(
        [
          long("a.ts", "grown", 95),
          long("a.ts", "same", 100),
          long("a.ts", "shrunk", 81),
          long("c.ts", "fresh", 81),
        ],
        listed,
      ),
    ).toEqual([
      "a.ts:1 grown grew from 90 to 95 lines",
      "c.ts:1 fresh has 81 lines (limit 80)",
      "b.ts gone is no longer over 80 lines: remove it from long-functions-allowed.json",
    ]);
  });

  test(`the product's functions stay within ${functionLineLimit} lines, or within their listed length`, () => {
    const found = longFunctionsUnder(productRoots, functionLineLimit, join(import.meta.dir, "..", ".."));
    expect(found.length).toBeGreaterThan(0);
    expect(limitBreaches(found, allowed)).toEqual([]);
    // It reads every product file: a second on a quiet machine, several on a loaded one.
  }, 30_000);
});
