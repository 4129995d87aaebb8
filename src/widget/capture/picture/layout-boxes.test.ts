import { describe, expect, test } from "bun:test";
import { collapseMargins, containsMargins } from "./layout-boxes.ts";

const style = (values: Partial<Record<string, string>>) =>
  ({
    display: "block",
    position: "static",
    float: "none",
    overflowX: "visible",
    overflowY: "visible",
    contain: "none",
    ...values,
  }) as unknown as CSSStyleDeclaration;

describe("the room a stand-in box takes", () => {
  test("adjoining margins collapse to the largest positive plus the most negative", () => {
    expect(collapseMargins([40, 28])).toBe(40);
    expect(collapseMargins([40, -10, 28, -25])).toBe(15);
    expect(collapseMargins([-8])).toBe(-8);
    expect(collapseMargins([])).toBe(0);
  });

  test("a box that starts a block formatting context keeps its children's margins in", () => {
    expect(containsMargins(style({}))).toBe(false);
    expect(containsMargins(style({ display: "list-item" }))).toBe(false);
    for (const display of ["flow-root", "flex", "inline-grid", "table", "inline-block"])
      expect(containsMargins(style({ display }))).toBe(true);
    expect(containsMargins(style({ position: "absolute" }))).toBe(true);
    expect(containsMargins(style({ float: "left" }))).toBe(true);
    expect(containsMargins(style({ overflowY: "auto" }))).toBe(true);
    expect(containsMargins(style({ contain: "layout paint" }))).toBe(true);
  });
});
