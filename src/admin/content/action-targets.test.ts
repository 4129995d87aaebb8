import { describe, expect, test } from "bun:test";
import { actionTargetsOf } from "./action-targets.ts";

describe("a checklist step action's suggestions", () => {
  test("name each target the way the widget opens it, labelled for the admin", () => {
    expect(
      actionTargetsOf("FEEDBACK_FLOW", [{ id: "f1", key: "bugreporting", title: "Report a bug" }]),
    ).toEqual([{ value: "bugreporting", label: "Report a bug" }]);
    expect(actionTargetsOf("BOT", [{ id: "b1", name: "Assistant" }])).toEqual([
      { value: "b1", label: "Assistant" },
    ]);
    expect(actionTargetsOf("CHECKLIST", [{ id: "c1", name: "Onboarding" }, { id: "self" }], "self")).toEqual([
      { value: "c1", label: "Onboarding" },
    ]);
  });

  test("actions that open nothing by id suggest nothing", () => {
    for (const action of ["none", "CUSTOM_ACTION", "REDIRECT_URL"] as const)
      expect(actionTargetsOf(action, [{ id: "x", name: "X" }])).toEqual([]);
  });
});
