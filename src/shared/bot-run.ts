import type { Bot, BotStep } from "./bots-api.ts";
import type { StartConversationRequest } from "./conversations-api.ts";

/**
 * A bot's scripted flow (`GET /bots/{id}` gives every step): a pure state machine, so a screen only
 * adds the pauses and the views, and tests walk it without timers. The messenger's bot screen runs
 * it, and so does the admin's test run in the step editor, so what an author tries is what visitors get.
 *
 * - The step in play first "types" (the screen waits a moment), then says its text (`show`).
 * - `message` goes on to its `next` by itself, or ends the chat.
 * - `buttons` waits for a choice (`choose`), which goes to that button's `next` (or ends).
 * - `collect` waits for its field (`collect`), stores the answer under `field.key`, goes to `next`;
 *   a `choice` field takes one of its options only.
 * - `handover` waits for the screen to start a conversation with the transcript (`handoverRequest`).
 */
export interface TranscriptEntry {
  author: "bot" | "visitor";
  /** HTML from the bot, plain text from the visitor. */
  text: string;
  createdAt: string;
  /** What the visitor's entry answered: a choice or a collected field. */
  kind?: "choice" | "collect";
}

export interface BotRun {
  /** The step in play, or null when the chat has ended. */
  stepId: string | null;
  /** Whether the step in play has said its text (else it is "typing"). */
  shown: boolean;
  transcript: TranscriptEntry[];
  collected: Record<string, string>;
}

export type BotAction =
  | { type: "show"; at?: string }
  | { type: "choose"; label: string; next: string | null | undefined; at?: string }
  | { type: "collect"; value: string; at?: string }
  | { type: "restart" };

export function stepOf(bot: Bot, id: string | null | undefined): BotStep | null {
  if (id == null || id === "") return null;
  return bot.steps.find((step) => step.id === id) ?? null;
}

export function startRun(bot: Bot): BotRun {
  return { stepId: bot.steps[0]?.id ?? null, shown: false, transcript: [], collected: {} };
}

/** A bot text that says nothing once its markup is gone is not said at all. */
const saysSomething = (text: string | undefined) =>
  typeof text === "string" && (/<img\b/i.test(text) || text.replace(/<[^>]*>|&nbsp;/g, "").trim() !== "");

const goTo = (bot: Bot, run: BotRun, next: string | null | undefined): BotRun => {
  const step = stepOf(bot, next);
  return { ...run, stepId: step ? step.id : null, shown: false };
};

export function reduceRun(bot: Bot, run: BotRun, action: BotAction): BotRun {
  const at = ("at" in action && action.at) || new Date().toISOString();
  const step = stepOf(bot, run.stepId);
  switch (action.type) {
    case "restart":
      return startRun(bot);
    case "show": {
      if (!step || run.shown) return run;
      const transcript = saysSomething(step.text)
        ? [...run.transcript, { author: "bot" as const, text: step.text as string, createdAt: at }]
        : run.transcript;
      const shown = { ...run, transcript, shown: true };
      return step.type === "message" ? goTo(bot, shown, step.next) : shown;
    }
    case "choose": {
      if (!step || !run.shown || step.type !== "buttons") return run;
      const transcript = [
        ...run.transcript,
        { author: "visitor" as const, text: action.label, createdAt: at, kind: "choice" as const },
      ];
      return goTo(bot, { ...run, transcript }, action.next);
    }
    case "collect": {
      if (!step || !run.shown || step.type !== "collect" || !step.field) return run;
      // The screens check first; a value the step refuses (a choice it does not offer) changes nothing.
      if (collectProblem(step, action.value) !== null) return run;
      const value = action.value.trim();
      const transcript = [
        ...run.transcript,
        { author: "visitor" as const, text: value, createdAt: at, kind: "collect" as const },
      ];
      return goTo(
        bot,
        { ...run, transcript, collected: { ...run.collected, [step.field.key]: value } },
        step.next,
      );
    }
  }
}

/** What the visitor is asked for right now: choices, a field, the handover, or nothing. */
export function waitingFor(bot: Bot, run: BotRun): BotStep | null {
  const step = stepOf(bot, run.stepId);
  return step && run.shown && step.type !== "message" ? step : null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a collected value is refused, or null when it is fine. */
export function collectProblem(step: BotStep, value: string): "required" | "email" | "choice" | null {
  const text = value.trim();
  if (text === "") return "required";
  if (step.field?.type === "email" && !emailPattern.test(text)) return "email";
  if (step.field?.type === "choice" && !(step.field.options ?? []).includes(text)) return "choice";
  return null;
}

/** How long the bot "types" before a text: longer texts take a little longer, within bounds. */
export const botTiming = { baseMs: 450, perCharMs: 9, maxMs: 1500 };

export function typingDelay(step: BotStep | null): number {
  if (!step || !saysSomething(step.text)) return 0;
  const chars = (step.text ?? "").replace(/<[^>]*>/g, "").length;
  return Math.min(botTiming.maxMs, botTiming.baseMs + chars * botTiming.perCharMs);
}

/**
 * The handover's `POST /conversations`: the transcript (read already), what was collected, and a
 * first message that says what the visitor chose and gave, so staff see it at a glance (its first
 * line becomes the subject).
 */
export function handoverRequest(bot: Bot, run: BotRun, fallback: string): StartConversationRequest {
  const choices = run.transcript.filter((entry) => entry.kind === "choice").map((entry) => entry.text);
  const labels = new Map(
    bot.steps.flatMap((step) => (step.field ? [[step.field.key, step.field.label] as const] : [])),
  );
  const lines = [
    choices.length > 0 ? choices.join(" → ") : fallback,
    ...Object.entries(run.collected).map(([key, value]) => `${labels.get(key) ?? key}: ${value}`),
  ];
  return {
    text: lines.join("\n"),
    botId: bot.id,
    transcript: run.transcript.slice(-100).map((entry) => ({ author: entry.author, text: entry.text })),
    collected: run.collected,
  };
}
