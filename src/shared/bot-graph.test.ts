import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import {
  botGraphProblems,
  botGraphVerdict,
  isBotGraphError,
  reachableSteps,
  stepTargets,
} from "./bot-graph.ts";
import { type BotStep, BotWrite } from "./bots-api.ts";

const support: BotStep[] = [
  {
    id: "start",
    type: "buttons",
    text: "<p>What do you need?</p>",
    buttons: [
      { label: "Billing", next: "plan" },
      { label: "Something else", next: "email" },
      { label: "Nothing", next: null },
    ],
  },
  {
    id: "plan",
    type: "collect",
    field: { key: "plan", label: "Plan", type: "choice", options: ["Free", "Pro"] },
    next: "email",
  },
  { id: "email", type: "collect", field: { key: "email", label: "E-mail", type: "email" }, next: "human" },
  { id: "human", type: "handover", text: "<p>A person takes over.</p>" },
];

describe("bot graph", () => {
  test("a well-formed bot has no problems, and each step's targets are its next or its buttons'", () => {
    expect(botGraphProblems(support)).toEqual([]);
    expect(botGraphVerdict(support)).toBe(true);
    expect(stepTargets(support[0] as BotStep)).toEqual(["plan", "email"]);
    expect(stepTargets(support[3] as BotStep)).toEqual([]);
    expect([...reachableSteps(support)]).toEqual(["start", "plan", "email", "human"]);
  });

  test("errors: duplicate ids, arrows into nothing, questions without answers", () => {
    const broken: BotStep[] = [
      { id: "a", type: "buttons", buttons: [] },
      { id: "a", type: "message", next: "gone" },
      { id: "c", type: "collect" },
      { id: "d", type: "collect", field: { key: "k", label: "K", type: "choice", options: [] } },
    ];
    expect(botGraphProblems(broken)).toEqual([
      { kind: "no-buttons", stepId: "a" },
      { kind: "duplicate-id", stepId: "a" },
      { kind: "unknown-target", stepId: "a", target: "gone" },
      { kind: "no-field", stepId: "c" },
      { kind: "no-choices", stepId: "d" },
      { kind: "unreachable", stepId: "c" },
      { kind: "unreachable", stepId: "d" },
    ]);
    expect(botGraphVerdict(broken)).toBe("a needs buttons");
  });

  test("a step nothing leads to is a warning only: the bot still saves", () => {
    const steps: BotStep[] = [
      { id: "hi", type: "message", text: "Hi" },
      { id: "lonely", type: "handover" },
    ];
    const problems = botGraphProblems(steps);
    expect(problems).toEqual([{ kind: "unreachable", stepId: "lonely" }]);
    expect(problems.filter(isBotGraphError)).toEqual([]);
    expect(validate({ name: "Warn", status: "live", steps }, BotWrite)[0]).toBeUndefined();
  });

  test("loops terminate and count as reached", () => {
    const steps: BotStep[] = [
      { id: "ask", type: "buttons", buttons: [{ label: "Again", next: "ask" }, { label: "Done" }] },
    ];
    expect([...reachableSteps(steps)]).toEqual(["ask"]);
    expect(botGraphProblems(steps)).toEqual([]);
  });

  test("the server's schema refuses what the editor calls an error, with the same words", () => {
    const [error] = validate(
      {
        name: "Bad",
        status: "draft",
        steps: [{ id: "x", type: "collect", field: { key: "k", label: "K", type: "choice" } }],
      },
      BotWrite,
    );
    expect(error?.path).toEqual(["steps"]);
    expect(error?.message).toBe("At path: steps -- x needs choices");
  });
});
