import { describe, expect, test } from "bun:test";
import { type DependencyGraph, dependentsOf, findCycle, hasCycle, withDependencies } from "./skill-graph.ts";

const graph = (edges: Record<string, string[]>): DependencyGraph => new Map(Object.entries(edges));

describe("findCycle", () => {
  test("an empty graph and skills without dependencies have no cycle", () => {
    expect(findCycle(graph({}))).toBeNull();
    expect(findCycle(graph({ a: [], b: [] }))).toBeNull();
  });

  test("a chain has no cycle", () => {
    expect(findCycle(graph({ a: ["b"], b: ["c"], c: [] }))).toBeNull();
  });

  test("a self-loop is a cycle", () => {
    expect(findCycle(graph({ a: ["a"] }))).toEqual(["a", "a"]);
    expect(findCycle(graph({ a: [], b: ["c", "b"], c: [] }))).toEqual(["b", "b"]);
  });

  test("a 2-cycle is found", () => {
    expect(findCycle(graph({ a: ["b"], b: ["a"] }))).toEqual(["a", "b", "a"]);
  });

  test("a 3-cycle is found, and the path names only the skills in it", () => {
    expect(findCycle(graph({ a: ["b"], b: ["c"], c: ["a"] }))).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(graph({ start: ["x"], x: ["y"], y: ["z"], z: ["x"] }))).toEqual(["x", "y", "z", "x"]);
  });

  test("a diamond is fine", () => {
    // d depends on b and c, which both depend on a.
    expect(findCycle(graph({ a: [], b: ["a"], c: ["a"], d: ["b", "c"] }))).toBeNull();
    expect(findCycle(graph({ d: ["b", "c"], b: ["a"], c: ["a"], a: [] }))).toBeNull();
  });

  test("two diamonds sharing a base and a skill depending on everything are fine", () => {
    const edges = graph({
      base: [],
      left: ["base"],
      right: ["base"],
      top: ["left", "right"],
      other: ["base", "right"],
      all: ["base", "left", "right", "top", "other"],
    });
    expect(hasCycle(edges)).toBe(false);
  });

  test("a cycle reached only through a diamond is found", () => {
    const edges = graph({ d: ["b", "c"], b: ["a"], c: ["a"], a: ["e"], e: ["c"] });
    expect(findCycle(edges)).toEqual(["a", "e", "c", "a"]);
  });

  test("dependencies on skills missing from the keys are leaves", () => {
    expect(findCycle(graph({ a: ["ghost"] }))).toBeNull();
  });

  test("a long chain does not overflow the stack", () => {
    const edges = new Map<string, string[]>();
    for (let index = 0; index < 20_000; index++) edges.set(`s${index}`, [`s${index + 1}`]);
    expect(hasCycle(edges)).toBe(false);
    edges.set("s20000", ["s0"]);
    expect(hasCycle(edges)).toBe(true);
  });
});

describe("withDependencies", () => {
  test("replaces one skill's dependencies without touching the original", () => {
    const before = graph({ a: [], b: ["a"] });
    const after = withDependencies(before, "a", ["b"]);
    expect(hasCycle(before)).toBe(false);
    expect(hasCycle(after)).toBe(true);
    expect(before.get("a")).toEqual([]);
  });

  test("adds a new skill", () => {
    const after = withDependencies(graph({ a: [] }), "new", ["a"]);
    expect([...after.keys()]).toEqual(["a", "new"]);
    expect(hasCycle(after)).toBe(false);
  });
});

describe("dependentsOf", () => {
  test("lists the skills depending directly on one, sorted", () => {
    const edges = graph({ a: [], c: ["a"], b: ["a", "c"], d: ["b"] });
    expect(dependentsOf(edges, "a")).toEqual(["b", "c"]);
    expect(dependentsOf(edges, "d")).toEqual([]);
  });
});
