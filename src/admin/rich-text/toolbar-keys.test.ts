import { describe, expect, test } from "bun:test";
import { toolbarKeyTarget } from "./toolbar-keys.ts";

describe("toolbar keys", () => {
  test("arrows move one button and wrap around at either end", () => {
    expect(toolbarKeyTarget("ArrowRight", 2, 9)).toBe(3);
    expect(toolbarKeyTarget("ArrowRight", 9, 9)).toBe(0);
    expect(toolbarKeyTarget("ArrowLeft", 2, 9)).toBe(1);
    expect(toolbarKeyTarget("ArrowLeft", 0, 9)).toBe(9);
  });

  test("Home and End go to the ends; other keys are left to the button", () => {
    expect(toolbarKeyTarget("Home", 5, 9)).toBe(0);
    expect(toolbarKeyTarget("End", 5, 9)).toBe(9);
    expect(toolbarKeyTarget("Enter", 5, 9)).toBeNull();
    expect(toolbarKeyTarget("ArrowDown", 5, 9)).toBeNull();
  });
});
