import { type BotGraphProblem, botGraphProblems } from "../../shared/bot-graph.ts";
import type { AdminBot, Bot, BotStep, BotWrite, botFieldTypes, botStepTypes } from "../../shared/bots-api.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { tipTapToHtml } from "../../shared/tiptap-html.ts";

/**
 * A bot's step editor as pure state: steps with their messages as documents, buttons and their
 * branches, the field a step asks for. It turns into the steps the API stores and the messenger runs
 * (`botSteps`), so the editor's test run and the saved bot are the same thing, and it names what
 * stops a save with the shared rules (src/shared/bot-graph.ts) plus the fields left empty.
 */

export type StepType = (typeof botStepTypes)[number];
export type FieldType = (typeof botFieldTypes)[number];

export interface ButtonState {
  label: string;
  /** The step it goes to; "" ends the chat. */
  next: string;
}

export interface StepState {
  id: string;
  type: StepType;
  text: TipTapDoc | null;
  next: string;
  buttons: ButtonState[];
  field: { key: string; label: string; type: FieldType; options: string };
}

export interface BotFormState {
  name: string;
  avatarUrl: string;
  status: "draft" | "live";
  steps: StepState[];
}

/** A problem of the steps as the editor shows it: a graph rule, or a field left empty. */
export type StepProblem = BotGraphProblem | { kind: "required"; stepId: string };

const newField = (): StepState["field"] => ({ key: "", label: "", type: "text", options: "" });

/** An id no step of `steps` has (`step-3`), so references stay unambiguous. */
function freeId(steps: readonly StepState[]): string {
  const taken = new Set(steps.map((step) => step.id));
  let n = steps.length + 1;
  while (taken.has(`step-${n}`)) n++;
  return `step-${n}`;
}

export function newStep(steps: readonly StepState[], type: StepType): StepState {
  return {
    id: freeId(steps),
    type,
    text: null,
    next: "",
    buttons: type === "buttons" ? [{ label: "", next: "" }] : [],
    field: type === "collect" ? { ...newField(), key: "email", type: "email" } : newField(),
  };
}

export function newBotForm(): BotFormState {
  return { name: "", avatarUrl: "", status: "draft", steps: [newStep([], "message")] };
}

/** The form of a stored bot; `toDoc` opens its HTML messages as documents. */
export function botForm(bot: AdminBot, toDoc: (html: string) => TipTapDoc): BotFormState {
  return {
    name: bot.name,
    avatarUrl: bot.avatarUrl ?? "",
    status: bot.status,
    steps: bot.steps.map((step) => ({
      id: step.id,
      type: step.type,
      text: step.text ? toDoc(step.text) : null,
      next: step.next ?? "",
      buttons: (step.buttons ?? []).map((button) => ({ label: button.label, next: button.next ?? "" })),
      field: step.field
        ? {
            key: step.field.key,
            label: step.field.label,
            type: step.field.type,
            options: (step.field.options ?? []).join("\n"),
          }
        : newField(),
    })),
  };
}

/** The step's type changed: it gets what that type needs (a first button, a question), keeping the rest. */
export function withType(step: StepState, type: StepType): StepState {
  return {
    ...step,
    type,
    buttons: type === "buttons" && step.buttons.length === 0 ? [{ label: "", next: "" }] : step.buttons,
  };
}

export function moveStep(state: BotFormState, index: number, by: -1 | 1): BotFormState {
  const target = index + by;
  if (target < 0 || target >= state.steps.length) return state;
  const steps = [...state.steps];
  [steps[index], steps[target]] = [steps[target] as StepState, steps[index] as StepState];
  return { ...state, steps };
}

/** Removes a step; what led to it ends the chat there instead of pointing at nothing. */
export function removeStep(state: BotFormState, index: number): BotFormState {
  const gone = state.steps[index]?.id;
  const away = (next: string) => (next === gone ? "" : next);
  return {
    ...state,
    steps: state.steps
      .filter((_, at) => at !== index)
      .map((step) => ({
        ...step,
        next: away(step.next),
        buttons: step.buttons.map((button) => ({ ...button, next: away(button.next) })),
      })),
  };
}

/** A document with any text or image in it (an editor's empty paragraph says nothing). */
function saysSomething(doc: TipTapDoc | null): doc is TipTapDoc {
  const json = JSON.stringify(doc ?? {});
  return json.includes('"type":"text"') || json.includes('"type":"image"');
}

const optionsOf = (text: string) => [
  ...new Set(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/** The steps as the API stores them and the messenger runs them: messages rendered to HTML. */
export function botSteps(state: BotFormState): BotStep[] {
  return state.steps.map((step) => {
    const text = saysSomething(step.text) ? tipTapToHtml(step.text) : undefined;
    const base = { id: step.id, type: step.type, ...(text === undefined ? {} : { text }) };
    if (step.type === "message") return { ...base, next: step.next || null };
    if (step.type === "buttons")
      return {
        ...base,
        buttons: step.buttons.map((button) => ({ label: button.label.trim(), next: button.next || null })),
      };
    if (step.type === "collect")
      return {
        ...base,
        field: {
          key: step.field.key.trim(),
          label: step.field.label.trim(),
          type: step.field.type,
          ...(step.field.type === "choice" ? { options: optionsOf(step.field.options) } : {}),
        },
        next: step.next || null,
      };
    return base;
  });
}

export function botWrite(state: BotFormState): BotWrite {
  const avatarUrl = state.avatarUrl.trim();
  return {
    name: state.name.trim(),
    avatarUrl: avatarUrl || null,
    status: state.status,
    steps: botSteps(state),
  };
}

/** The bot the test run plays: the form's steps, not the stored ones. */
export function draftBot(state: BotFormState, id: string | null): Bot {
  return { id: id ?? "draft", name: state.name.trim() || "Bot", avatarUrl: null, steps: botSteps(state) };
}

/** Fields a step of its type cannot do without, left empty. */
function emptyFields(step: StepState): boolean {
  if (step.type === "buttons") return step.buttons.some((button) => button.label.trim() === "");
  if (step.type === "collect") return step.field.label.trim() === "" || step.field.key.trim() === "";
  return false;
}

/** Everything wrong or doubtful in the steps, in step order; warnings (`unreachable`) never block a save. */
export function stepProblems(state: BotFormState): StepProblem[] {
  const required: StepProblem[] = state.steps
    .filter(emptyFields)
    .map((step) => ({ kind: "required", stepId: step.id }));
  return [...required, ...botGraphProblems(botSteps(state))];
}

export const blocksSave = (problem: StepProblem) => problem.kind !== "unreachable";

export type BotFormField = "name" | "avatarUrl";

export function botFormErrors(state: BotFormState): Partial<Record<BotFormField, "required" | "url">> {
  const errors: Partial<Record<BotFormField, "required" | "url">> = {};
  if (state.name.trim() === "") errors.name = "required";
  const avatar = state.avatarUrl.trim();
  if (avatar !== "" && !/^https?:\/\/\S+$/i.test(avatar)) errors.avatarUrl = "url";
  return errors;
}
