import { describe, expect, test } from "bun:test";
import {
  type Checklist,
  type ChecklistState,
  firstOpenStep,
  isComplete,
  markStepDone,
  mergeUpdate,
  nextOpenStep,
  progressOf,
  readChecklist,
  toggleStep,
} from "./checklist-model.ts";
import { checklistAnswer } from "./checklist-test-kit.ts";

const read = (overrides: Record<string, unknown> = {}) => {
  const checklist = readChecklist(checklistAnswer(overrides));
  if (!checklist) throw new Error("not a checklist");
  return checklist;
};
const stateOf = (checklist: Checklist, active = firstOpenStep(checklist)): ChecklistState => ({
  checklist,
  active,
});

describe("readChecklist", () => {
  test("reads the answer with each step's defaults", () => {
    const checklist = read();
    expect(checklist).toMatchObject({
      id: "cl-1",
      status: "open",
      subject: "Get started",
      successTitle: "All set",
    });
    expect(checklist.sender).toEqual({ firstName: "Lena", profileImageUrl: "https://cdn.test/lena.png" });
    expect(checklist.steps.map((step) => [step.id, step.action, step.allowMarkDone])).toEqual([
      ["a", "HELP_ARTICLE", true],
      ["b", null, true],
      ["c", null, true],
      ["d", "REDIRECT_URL", false],
    ]);
    expect(checklist.steps[3]?.actionOpenInNewTab).toBe(false);
  });

  test("is null for what is not a checklist, and keeps only usable parts of one", () => {
    expect(readChecklist({})).toBeNull();
    expect(readChecklist(null)).toBeNull();
    expect(readChecklist("x")).toBeNull();
    const odd = readChecklist({
      id: "x",
      completedSteps: ["a", 3, "a"],
      outbound: { config: { steps: [{}, { id: "a" }] } },
    });
    expect(odd?.completedSteps).toEqual(["a"]);
    expect(odd?.steps.map((step) => step.id)).toEqual(["a"]);
  });

  test("a CHECKLIST step names its checklist by outboundId or the reference's checklistId", () => {
    const checklist = read({
      outbound: {
        config: { steps: [{ id: "x", action: "CHECKLIST", checklistId: "other", sharedKey: "team" }] },
      },
    });
    expect(checklist.steps[0]).toMatchObject({ action: "CHECKLIST", outboundId: "other", sharedKey: "team" });
  });
});

describe("progress", () => {
  test("done of total, and the minutes of the steps left (spec §9)", () => {
    expect(progressOf(read())).toEqual({ done: 0, total: 4, percent: 0, minutesLeft: 6, complete: false });
    expect(progressOf(read({ completedSteps: ["a", "c", "gone"] }))).toEqual({
      done: 2,
      total: 4,
      percent: 50,
      minutesLeft: 2,
      complete: false,
    });
  });

  test("complete when every step is done or the status says done", () => {
    expect(isComplete(read({ completedSteps: ["a", "b", "c"] }))).toBe(false);
    expect(isComplete(read({ completedSteps: ["a", "b", "c", "d"] }))).toBe(true);
    expect(isComplete(read({ status: "done" }))).toBe(true);
  });
});

describe("step selection", () => {
  test("the first incomplete step is the open one; none when all are done", () => {
    expect(firstOpenStep(read())).toBe(0);
    expect(firstOpenStep(read({ completedSteps: ["a", "b"] }))).toBe(2);
    expect(firstOpenStep(read({ completedSteps: ["a", "b", "c", "d"] }))).toBe(-1);
  });

  test("the next open step comes after the given one, else the first still open", () => {
    const checklist = read({ completedSteps: ["c"] });
    expect(nextOpenStep(checklist, 1)).toBe(3);
    expect(nextOpenStep(checklist, 3)).toBe(0);
  });

  test("one step open at a time: opening another closes the first, opening it again closes it", () => {
    const state = stateOf(read());
    expect(toggleStep(state, 2).active).toBe(2);
    expect(toggleStep(toggleStep(state, 2), 2).active).toBe(-1);
  });
});

describe("marking done (spec §4)", () => {
  test("adds the step, opens the next one not done, and sends the step", () => {
    const marked = markStepDone(stateOf(read()), 0);
    expect(marked?.state.checklist.completedSteps).toEqual(["a"]);
    expect(marked?.state.active).toBe(1);
    expect(marked?.update).toEqual({ checkedStep: "a" });
    expect(markStepDone(marked?.state ?? stateOf(read()), 0)).toBeNull();
    expect(markStepDone(stateOf(read()), 9)).toBeNull();
  });

  test("the last step makes the checklist done and the update says so", () => {
    const marked = markStepDone(stateOf(read({ completedSteps: ["a", "b", "d"] })), 2);
    expect(marked?.state.checklist.status).toBe("done");
    expect(marked?.state.active).toBe(-1);
    expect(marked?.update).toEqual({ checkedStep: "c", status: "done" });
  });
});

describe("live updates (spec §4)", () => {
  test("merge completedSteps and status of the same checklist only", () => {
    const state = stateOf(read({ completedSteps: ["a"] }), 1);
    expect(mergeUpdate(state, { id: "other", completedSteps: ["b"] })).toEqual({ state, changed: false });
    expect(mergeUpdate(state, { id: "cl-1", completedSteps: ["a"] }).changed).toBe(false);
    expect(mergeUpdate(state, null).changed).toBe(false);
    const merged = mergeUpdate(state, { id: "cl-1", completedSteps: ["a", "c"], status: "open" });
    expect(merged.changed).toBe(true);
    expect(merged.state.checklist.completedSteps).toEqual(["a", "c"]);
    // The open step was not the one completed: it stays open.
    expect(merged.state.active).toBe(1);
  });

  test("when the open step was completed elsewhere, the next one not done opens, or none", () => {
    const state = stateOf(read({ completedSteps: ["a"] }), 1);
    expect(mergeUpdate(state, { id: "cl-1", completedSteps: ["a", "b"] }).state.active).toBe(2);
    const last = stateOf(read({ completedSteps: ["a", "b", "c"] }), 3);
    const done = mergeUpdate(last, { id: "cl-1", completedSteps: ["a", "b", "c", "d"], status: "done" });
    expect(done.state.active).toBe(-1);
    expect(done.state.checklist.status).toBe("done");
  });

  test("a step done stays done even when an older update leaves it out", () => {
    const state = stateOf(read({ completedSteps: ["a", "b"] }));
    const merged = mergeUpdate(state, { id: "cl-1", completedSteps: ["c"] });
    expect(merged.state.checklist.completedSteps).toEqual(["a", "b", "c"]);
  });
});
