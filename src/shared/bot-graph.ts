import type { BotStep } from "./bots-api.ts";

/**
 * The rules a scripted bot's steps must follow, checked by the server before it stores a bot
 * (BotWrite) and by the admin's step editor while someone builds one, so both name the same problem.
 *
 * A bot starts at its first step; `message` and `collect` go to `next`, each button of `buttons` to
 * its own `next`, and an empty or missing `next` ends the chat. Errors make a bot unrunnable (an
 * arrow into nothing, a question without answers); warnings are legal but probably a mistake (a step
 * nothing leads to), so they never block a save.
 */

export type BotGraphProblem =
  | { kind: "duplicate-id"; stepId: string }
  | { kind: "unknown-target"; stepId: string; target: string }
  | { kind: "no-buttons"; stepId: string }
  | { kind: "no-field"; stepId: string }
  | { kind: "no-choices"; stepId: string }
  | { kind: "unreachable"; stepId: string };

const warningKinds: ReadonlySet<BotGraphProblem["kind"]> = new Set(["unreachable"]);

export const isBotGraphError = (problem: BotGraphProblem) => !warningKinds.has(problem.kind);

const hasTarget = (target: string | null | undefined): target is string =>
  target !== null && target !== undefined && target !== "";

/** Where a step can go next: its `next`, or its buttons' (in order). */
export function stepTargets(step: BotStep): string[] {
  const targets = step.type === "buttons" ? (step.buttons ?? []).map((button) => button.next) : [step.next];
  return targets.filter(hasTarget);
}

/** The ids of the steps a chat can reach from the first one. */
export function reachableSteps(steps: readonly BotStep[]): Set<string> {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const reached = new Set<string>();
  const queue = steps[0] ? [steps[0].id] : [];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const step = byId.get(id);
    if (!step || reached.has(id)) continue;
    reached.add(id);
    queue.push(...stepTargets(step));
  }
  return reached;
}

/** Every problem of a bot's steps, errors and warnings, in step order. */
export function botGraphProblems(steps: readonly BotStep[]): BotGraphProblem[] {
  const problems: BotGraphProblem[] = [];
  const seen = new Set<string>();
  const ids = new Set(steps.map((step) => step.id));
  for (const step of steps) {
    if (seen.has(step.id)) problems.push({ kind: "duplicate-id", stepId: step.id });
    seen.add(step.id);
    if (step.type === "buttons" && !step.buttons?.length)
      problems.push({ kind: "no-buttons", stepId: step.id });
    if (step.type === "collect" && !step.field) problems.push({ kind: "no-field", stepId: step.id });
    if (step.type === "collect" && step.field?.type === "choice" && !step.field.options?.length)
      problems.push({ kind: "no-choices", stepId: step.id });
    const targets = [step.next, ...(step.buttons ?? []).map((button) => button.next)].filter(hasTarget);
    for (const target of targets)
      if (!ids.has(target)) problems.push({ kind: "unknown-target", stepId: step.id, target });
  }
  const reached = reachableSteps(steps);
  for (const step of steps)
    if (!reached.has(step.id)) problems.push({ kind: "unreachable", stepId: step.id });
  return problems;
}

/** A problem in words, for the API's 400 (the admin shows its own translated wording). */
export function describeBotGraphProblem(problem: BotGraphProblem): string {
  switch (problem.kind) {
    case "duplicate-id":
      return "step ids must be unique";
    case "unknown-target":
      return `${problem.stepId} goes to an unknown step ${problem.target}`;
    case "no-buttons":
      return `${problem.stepId} needs buttons`;
    case "no-field":
      return `${problem.stepId} needs a field`;
    case "no-choices":
      return `${problem.stepId} needs choices`;
    case "unreachable":
      return `${problem.stepId} is never reached`;
  }
}

/** The first error of a bot's steps in words, or true when it can run (superstruct's refine answer). */
export function botGraphVerdict(steps: readonly BotStep[]): true | string {
  const error = botGraphProblems(steps).find(isBotGraphError);
  return error ? describeBotGraphProblem(error) : true;
}
