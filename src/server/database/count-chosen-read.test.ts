import { describe, expect, test } from "bun:test";
import { chooseByCount, countIn } from "./count-chosen-read.ts";

const choice = { countOf: 0, fewUpTo: 10, few: "few", many: "many" };

describe("countIn", () => {
  test("reads the first column of the first row, as a number or PostgreSQL's numeric text", () => {
    expect(countIn([{ total: 7 }])).toBe(7);
    expect(countIn([{ total: "12" }])).toBe(12);
    expect(countIn([{ total: 3n }])).toBe(3);
  });

  test("refuses rows that hold no count instead of guessing one", () => {
    expect(() => countIn([])).toThrow("answered no count");
    expect(() => countIn([{ total: null }])).toThrow("answered no count");
    expect(() => countIn([{ total: "many" }])).toThrow("answered no count");
    expect(() => countIn([{}])).toThrow("answered no count");
  });
});

describe("chooseByCount", () => {
  test("chooses `few` up to and at the bound, `many` past it", () => {
    expect(chooseByCount(choice, [[{ total: 0 }]])).toBe("few");
    expect(chooseByCount(choice, [[{ total: 10 }]])).toBe("few");
    expect(chooseByCount(choice, [[{ total: 11 }]])).toBe("many");
    expect(chooseByCount(choice, [[{ total: "100000" }]])).toBe("many");
  });

  test("reads the count of the read it names", () => {
    expect(chooseByCount({ ...choice, countOf: 1 }, [[{ total: 99 }], [{ total: 2 }]])).toBe("few");
  });

  test("refuses a choice whose count read does not come before it", () => {
    expect(() => chooseByCount(choice, [])).toThrow("must come after its count read");
    expect(() => chooseByCount({ ...choice, countOf: 1 }, [[{ total: 1 }]])).toThrow("must come after");
    expect(() => chooseByCount({ ...choice, countOf: -1 }, [[{ total: 1 }]])).toThrow("must come after");
  });
});
