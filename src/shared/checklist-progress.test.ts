import { describe, expect, test } from "bun:test";
import {
  checklistProgress,
  firstOpenStepIndex,
  mergeChecklistUpdate,
  percentDone,
  readChecklistSteps,
} from "./checklist-progress.ts";

const rawSteps = [
  { id: "a", action: "none", duration: 2 },
  { id: "b", action: "REDIRECT_URL", actionBody: "https://example.com" },
  { id: "c", action: "CHECKLIST", checklistId: "legacy", actionOpenInNewTab: false, duration: 3 },
  { title: "no id" },
];

describe("checklist steps and progress", () => {
  test("each client's reading: where an unsaid link opens, and the reference's checklistId", () => {
    const element = readChecklistSteps(rawSteps, { newTabByDefault: false, legacyChecklistId: true });
    const messenger = readChecklistSteps(rawSteps, { newTabByDefault: true, legacyChecklistId: false });
    expect(element.map((step) => [step.id, step.action, step.actionOpenInNewTab, step.outboundId])).toEqual([
      ["a", null, false, ""],
      ["b", "REDIRECT_URL", false, ""],
      ["c", "CHECKLIST", false, "legacy"],
    ]);
    expect(messenger.map((step) => [step.id, step.action, step.actionOpenInNewTab, step.outboundId])).toEqual(
      [
        ["a", null, true, ""],
        ["b", "REDIRECT_URL", true, ""],
        ["c", "CHECKLIST", false, ""],
      ],
    );
    expect(readChecklistSteps("steps", { newTabByDefault: true, legacyChecklistId: true })).toEqual([]);
  });

  test("progress, the open step and an update merged in", () => {
    const steps = readChecklistSteps(rawSteps, { newTabByDefault: false, legacyChecklistId: false });
    expect(checklistProgress(steps, ["b"], "open")).toEqual({
      done: 1,
      total: 3,
      percent: percentDone(1, 3),
      minutesLeft: 5,
      complete: false,
    });
    expect(checklistProgress([], [], "open")).toMatchObject({ percent: 0, complete: false });
    expect(checklistProgress([], [], "done").complete).toBe(true);
    expect(firstOpenStepIndex(steps, ["a"])).toBe(1);
    expect(firstOpenStepIndex(steps, ["a", "b", "c"])).toBe(-1);

    const current = { id: "cl", status: "open" as const, completedSteps: ["a"] };
    expect(mergeChecklistUpdate(current, { id: "other", completedSteps: ["b"] })).toBeNull();
    expect(mergeChecklistUpdate(current, { id: "cl", completedSteps: ["a"] })).toBeNull();
    expect(
      mergeChecklistUpdate(current, { id: "cl", completedSteps: ["b", 4, "b"], status: "done" }),
    ).toEqual({
      status: "done",
      completedSteps: ["a", "b"],
      added: ["b"],
    });
  });
});
