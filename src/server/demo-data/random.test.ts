import { describe, expect, test } from "bun:test";
import { createRandom, everyThenPick } from "./random.ts";

const draws = (seed: string, count = 5) => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe("createRandom", () => {
  test("the same seed gives the same sequence, another seed another one", () => {
    expect(draws("alpha")).toEqual(draws("alpha"));
    expect(draws("alpha")).not.toEqual(draws("beta"));
    for (const value of draws("alpha", 1000)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  test("int stays within both bounds and reaches each of them", () => {
    const random = createRandom("ints");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(random.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  test("sample gives distinct items, at most the whole list", () => {
    const random = createRandom("sample");
    const picked = random.sample(["a", "b", "c", "d", "e"], 3);
    expect(new Set(picked).size).toBe(3);
    expect(random.sample(["a", "b"], 5).sort()).toEqual(["a", "b"]);
    expect(() => random.pick([])).toThrow("pick from an empty list");
  });

  test("uuid is shaped like a version 4 UUID and repeats with the seed", () => {
    const first = createRandom("ids");
    const second = createRandom("ids");
    const ids = Array.from({ length: 100 }, () => first.uuid());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
    expect(Array.from({ length: 100 }, () => second.uuid())).toEqual(ids);
  });

  test("a fork does not depend on how much the parent drew", () => {
    const untouched = createRandom("root");
    const busy = createRandom("root");
    for (let i = 0; i < 50; i++) busy.next();
    expect(busy.fork("users").next()).toBe(untouched.fork("users").next());
    expect(untouched.fork("users").next()).not.toBe(untouched.fork("jobs").next());
  });

  test("everyThenPick walks through every value first, then draws from the weighted list", () => {
    const random = createRandom("cover");
    const values = ["A", "B", "C"] as const;
    expect([0, 1, 2].map((index) => everyThenPick(random, index, values))).toEqual(["A", "B", "C"]);
    for (let index = 3; index < 50; index++) expect(everyThenPick(random, index, values, ["C"])).toBe("C");
  });
});
