import { describe, expect, test } from "bun:test";
import { jsonShapeProblem } from "./json-shape.ts";

const limits = { maxDepth: 4, maxKeys: 3 };

describe("jsonShapeProblem", () => {
  test("a body within the limits passes", () => {
    expect(jsonShapeProblem('{"a":[[{"b":1}]],"c":2}', limits)).toBeNull();
    expect(jsonShapeProblem("[]", limits)).toBeNull();
    expect(jsonShapeProblem('"just a string"', limits)).toBeNull();
  });

  test("nesting past the limit is named", () => {
    expect(jsonShapeProblem("[[[[[1]]]]]", limits)).toBe("Request body is nested more than 4 levels deep");
    expect(jsonShapeProblem('{"a":{"b":{"c":{"d":{}}}}}', limits)).toBe(
      "Request body is nested more than 4 levels deep",
    );
  });

  test("a million levels are refused in one linear pass, without recursion, at the first level too many", () => {
    const deep = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    expect(jsonShapeProblem(deep)).toBe("Request body is nested more than 64 levels deep");
    // Refused where the 65th level opens, not after reading the 2 MB: the median of five scans against
    // a flat body of the same length read to its end, in the same run (a fixed bound failed on a
    // loaded machine, where one scan can wait for a core far longer than it works).
    const flat = `[${"0,".repeat(999_999)}0]`;
    const medianMs = (body: string) => {
      const times = Array.from({ length: 5 }, () => {
        const started = performance.now();
        jsonShapeProblem(body);
        return performance.now() - started;
      }).sort((a, b) => a - b);
      return times[2] as number;
    };
    expect(jsonShapeProblem(flat)).toBeNull();
    expect(medianMs(deep)).toBeLessThan(medianMs(flat) / 5);
  });

  test("brackets, colons and escaped quotes inside strings do not count", () => {
    expect(jsonShapeProblem('{"a":"[[[[[[[[","b":"\\"{{{{{:::","c":"\\\\"}', limits)).toBeNull();
    expect(jsonShapeProblem('["\\\\\\"[[[[[["]', limits)).toBeNull();
  });

  test("too many keys in one object are named; keys of sibling objects do not add up", () => {
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3,"d":4}', limits)).toBe(
      "An object in the request body has more than 3 keys",
    );
    expect(jsonShapeProblem('[{"a":1,"b":2,"c":3},{"a":1,"b":2,"c":3}]', limits)).toBeNull();
    expect(jsonShapeProblem('{"a":{"x":1,"y":2},"b":{"x":1,"y":2},"c":3}', limits)).toBeNull();
  });

  test("an unterminated string is left for JSON.parse to refuse", () => {
    expect(jsonShapeProblem('{"a":"open', limits)).toBeNull();
  });
});
