import { describe, expect, test } from "bun:test";
import { emptyTaskBanForm, taskBanFromForm, validateTaskBanForm } from "./task-ban-form-state.ts";

describe("task ban form", () => {
  test("nothing typed is a permanent ban without a reason", () => {
    expect(validateTaskBanForm(emptyTaskBanForm)).toEqual({});
    expect(taskBanFromForm(emptyTaskBanForm)).toEqual({ reason: "", days: null });
    expect(taskBanFromForm({ reason: "  Spam tasks ", days: " 7 " })).toEqual({
      reason: "Spam tasks",
      days: 7,
    });
  });

  test("the API's rules, at their fields: a reason up to 500 characters, 1 to 3650 whole days", () => {
    expect(validateTaskBanForm({ reason: "x".repeat(501), days: "" })).toEqual({
      reason: "Must be less than 501 characters",
    });
    expect(validateTaskBanForm({ reason: "x".repeat(500), days: "3650" })).toEqual({});
    expect(validateTaskBanForm({ reason: "", days: "0" })).toEqual({ days: "Must be at least 1" });
    expect(validateTaskBanForm({ reason: "", days: "3651" })).toEqual({ days: "Must be at most 3650" });
    expect(validateTaskBanForm({ reason: "", days: "1.5" })).toEqual({ days: "Must be a whole number" });
  });
});
