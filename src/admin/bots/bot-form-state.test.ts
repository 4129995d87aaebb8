import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import { reduceRun, startRun, waitingFor } from "../../shared/bot-run.ts";
import { type AdminBot, BotWrite } from "../../shared/bots-api.ts";
import { textDoc } from "../content/content-test-kit.ts";
import {
  blocksSave,
  botForm,
  botFormErrors,
  botWrite,
  draftBot,
  moveStep,
  newBotForm,
  newStep,
  removeStep,
  stepProblems,
  withType,
} from "./bot-form-state.ts";

const stored: AdminBot = {
  id: "bot-9",
  name: "Helper",
  avatarUrl: null,
  status: "live",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  steps: [
    {
      id: "start",
      type: "buttons",
      text: "<p>Hi</p>",
      buttons: [
        { label: "Billing", next: "plan" },
        { label: "Bye", next: null },
      ],
    },
    {
      id: "plan",
      type: "collect",
      field: { key: "plan", label: "Plan?", type: "choice", options: ["Free", "Pro"] },
      next: "human",
    },
    { id: "human", type: "handover", text: "<p>One moment</p>" },
  ],
};

describe("bot form state", () => {
  test("a stored bot opens and saves as the same steps (messages through the editor's documents)", () => {
    const form = botForm(stored, (html) => textDoc(html.replace(/<[^>]+>/g, "")));
    expect(form.steps.map((step) => step.id)).toEqual(["start", "plan", "human"]);
    expect(form.steps[1]?.field.options).toBe("Free\nPro");
    const write = botWrite(form);
    expect(write.steps).toEqual(stored.steps);
    expect(validate(write, BotWrite)[0]).toBeUndefined();
    expect(stepProblems(form)).toEqual([]);
  });

  test("new steps get free ids; a removed step's branches end the chat instead of pointing at nothing", () => {
    let form = newBotForm();
    form = { ...form, name: "B", steps: [...form.steps, newStep(form.steps, "buttons")] };
    expect(form.steps.map((step) => step.id)).toEqual(["step-1", "step-2"]);
    form = {
      ...form,
      steps: form.steps.map((step, index) =>
        index === 0
          ? { ...step, text: textDoc("Hello"), next: "step-2" }
          : { ...step, buttons: [{ label: "Back", next: "step-1" }] },
      ),
    };
    expect(stepProblems(form)).toEqual([]);
    const removed = removeStep(form, 1);
    expect(removed.steps.map((step) => step.next)).toEqual([""]);
    expect(botWrite(removed).steps).toEqual([
      { id: "step-1", type: "message", text: "<p>Hello</p>", next: null },
    ]);
    expect(moveStep(form, 0, 1).steps.map((step) => step.id)).toEqual(["step-2", "step-1"]);
    expect(moveStep(form, 0, -1)).toBe(form);
    expect(withType(newStep([], "message"), "buttons").buttons).toEqual([{ label: "", next: "" }]);
  });

  test("problems: empty labels and questions, missing choices block a save; a step nothing reaches only warns", () => {
    const form = botForm(stored, () => textDoc("x"));
    const broken = {
      ...form,
      steps: [
        { ...(form.steps[0] as (typeof form.steps)[number]), buttons: [{ label: " ", next: "" }] },
        {
          ...(form.steps[1] as (typeof form.steps)[number]),
          field: { key: "plan", label: "Plan?", type: "choice" as const, options: " \n " },
        },
        form.steps[2] as (typeof form.steps)[number],
      ],
    };
    const problems = stepProblems(broken);
    expect(problems).toEqual([
      { kind: "required", stepId: "start" },
      { kind: "no-choices", stepId: "plan" },
      { kind: "unreachable", stepId: "plan" },
      { kind: "unreachable", stepId: "human" },
    ]);
    expect(problems.filter(blocksSave).map((problem) => problem.kind)).toEqual(["required", "no-choices"]);
    expect(botFormErrors({ ...broken, name: " ", avatarUrl: "javascript:x" })).toEqual({
      name: "required",
      avatarUrl: "url",
    });
  });

  test("the test run plays the form's steps through the messenger's own run", () => {
    const bot = draftBot(
      botForm(stored, (html) => textDoc(html.replace(/<[^>]+>/g, ""))),
      "bot-9",
    );
    let run = reduceRun(bot, startRun(bot), { type: "show" });
    run = reduceRun(bot, run, { type: "choose", label: "Billing", next: "plan" });
    run = reduceRun(bot, run, { type: "show" });
    run = reduceRun(bot, run, { type: "collect", value: "Pro" });
    run = reduceRun(bot, run, { type: "show" });
    expect(waitingFor(bot, run)?.type).toBe("handover");
    expect(run.collected).toEqual({ plan: "Pro" });
  });
});
