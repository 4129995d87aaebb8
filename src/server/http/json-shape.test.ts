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

  test("a million levels are refused in one linear pass, without recursion", () => {
    const deep = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    const started = performance.now();
    expect(jsonShapeProblem(deep)).toBe("Request body is nested more than 64 levels deep");
    expect(performance.now() - started).toBeLessThan(500);
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
