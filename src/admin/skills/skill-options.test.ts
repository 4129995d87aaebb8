import { describe, expect, test } from "bun:test";
import {
  cellKey,
  dependencyOptions,
  dependentsOf,
  firstFreeCell,
  gridCells,
  isImageIcon,
  type PlacedSkill,
  parseCellKey,
  skillNames,
  toggleDependency,
} from "./skill-options.ts";

const skill = (id: string, row: number, column: number, dependencies: string[] = []): PlacedSkill => ({
  id,
  name: id.toUpperCase(),
  icon: "★",
  row,
  column,
  dependencies,
});

const tree = [skill("c", 1, 0, ["a"]), skill("a", 0, 0), skill("b", 0, 1, ["a"])];

describe("grid cells", () => {
  test("every cell row by row, with the skill holding it", () => {
    const cells = gridCells(2, 2, tree);
    expect(cells.map((cell) => cell.key)).toEqual(["0:0", "0:1", "1:0", "1:1"]);
    expect(cells.map((cell) => cell.occupant?.id ?? null)).toEqual(["a", "b", "c", null]);
    expect(firstFreeCell(cells)).toBe("1:1");
  });

  test("the skill being edited does not block its own cell; a full grid has no free cell", () => {
    expect(gridCells(2, 2, tree, "b")[1]?.occupant).toBeNull();
    expect(firstFreeCell(gridCells(1, 2, tree))).toBe("");
  });

  test("cell keys round-trip; anything else reads as no cell", () => {
    expect(parseCellKey(cellKey(3, 11))).toEqual({ row: 3, column: 11 });
    expect(parseCellKey("")).toBeNull();
    expect(parseCellKey("1:x")).toBeNull();
  });
});

describe("dependency options", () => {
  test("every other skill in grid order; the skill itself is never offered", () => {
    expect(dependencyOptions(tree, "b", []).map((option) => option.id)).toEqual(["a", "c"]);
    expect(dependencyOptions(tree, null, []).map((option) => option.id)).toEqual(["a", "b", "c"]);
  });

  test("a chosen id the tree no longer has stays visible, marked missing", () => {
    const options = dependencyOptions(tree, "c", ["a", "gone"]);
    expect(options.at(-1)).toEqual({ id: "gone", name: "gone", icon: "", missing: true });
    expect(options.filter((option) => option.missing)).toHaveLength(1);
  });

  test("ticking keeps the list sorted and free of repeats", () => {
    expect(toggleDependency(["c"], "a", true)).toEqual(["a", "c"]);
    expect(toggleDependency(["a", "c"], "a", true)).toEqual(["a", "c"]);
    expect(toggleDependency(["a", "c"], "a", false)).toEqual(["c"]);
  });

  test("names for ids, unknown ids standing for themselves; dependents in grid order", () => {
    expect(skillNames(["b", "x"], tree).map((entry) => [entry.name, entry.known])).toEqual([
      ["B", true],
      ["x", false],
    ]);
    expect(dependentsOf(tree, "a").map((entry) => entry.id)).toEqual(["b", "c"]);
    expect(dependentsOf(tree, "c")).toEqual([]);
  });
});

describe("icons and ids", () => {
  test("picture links are told apart from emoji and names", () => {
    expect(isImageIcon("https://cdn.example/icon.svg")).toBe(true);
    expect(isImageIcon("data:image/png;base64,AAAA")).toBe(true);
    expect(isImageIcon("💻")).toBe(false);
    expect(isImageIcon("javascript")).toBe(false);
  });
});
