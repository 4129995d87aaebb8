import { describe, expect, test } from "bun:test";
import {
  freeCellCount,
  treeGridForm,
  treeGridRequest,
  validateTreeGridForm,
} from "./tree-grid-form-state.ts";

describe("tree grid form", () => {
  test("the grid's size round-trips through the form", () => {
    const state = treeGridForm({ rows: 4, columns: 5 });
    expect(state).toEqual({ rows: "4", columns: "5" });
    expect(treeGridRequest(state)).toEqual({ rows: 4, columns: 5 });
    expect(validateTreeGridForm(state)).toEqual({});
  });

  test("sizes outside 1 to 12, fractions and blanks are refused with the shared texts", () => {
    expect(validateTreeGridForm({ rows: "0", columns: "13" })).toEqual({
      rows: "Must be at least 1",
      columns: "Must be at most 12",
    });
    expect(validateTreeGridForm({ rows: "2.5", columns: "" })).toEqual({
      rows: "Must be a whole number",
      columns: "columns is required",
    });
  });

  test("free cells are the grid's cells less the roots in it", () => {
    expect(freeCellCount({ rows: 4, columns: 4 }, 8)).toBe(8);
    expect(freeCellCount({ rows: 1, columns: 1 }, 1)).toBe(0);
  });
});
