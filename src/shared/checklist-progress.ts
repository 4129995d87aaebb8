import type { ChecklistStatus } from "./outbound-api.ts";

/**
 * A checklist's steps and how far a visitor got (spec §3 "Checklist", §4, §9), as both clients read
 * them: the `<gleap-checklist>` element on the host page and the messenger's checklist screen. The
 * steps come from the answer of `GET /outbound/checklists/{id}?convertTipTap=true` (the outbound's
 * `config.steps`), read defensively; progress, completion, the open step and a live update merged in
 * are pure rules over the steps, the completed step ids and the status.
 */

/**
 * What a step's button does. Declared here, in a file that imports no schemas, so that the messenger's
 * first screen (its checklist cards) does not bring the payload schemas of outbound-api.ts.
 */
export const checklistStepActions = [
  "none",
  "BOT",
  "CUSTOM_ACTION",
  "REDIRECT_URL",
  "FEEDBACK_FLOW",
  "NEWS_ARTICLE",
  "HELP_ARTICLE",
  "CHECKLIST",
] as const;

/** A step's action; `none`, missing and unknown ones are read as null. */
export type StepAction = Exclude<(typeof checklistStepActions)[number], "none">;

/**
 * What a step's action points at, each field read by its own actions (the admin's step editor keeps
 * the same fields); the ones another action reads are empty.
 */
export interface ChecklistStepTarget {
  botId: string;
  /** A redirect's address, or a custom action's name. */
  actionBody: string;
  actionOpenInNewTab: boolean;
  formId: string;
  articleId: string;
  /** The checklist a CHECKLIST step starts, and its shared key. */
  outboundId: string;
  sharedKey: string;
}

export interface ChecklistStep extends ChecklistStepTarget {
  id: string;
  title: string;
  /** HTML (the server converts TipTap documents); sanitised when drawn. */
  description: string;
  /** Null for a step without an action (`none`, missing or unknown). */
  action: StepAction | null;
  actionTitle: string;
  allowMarkDone: boolean;
  /** Minutes, 0 when not given. */
  duration: number;
}

/** Where the two clients read a step differently. */
export interface StepReading {
  /** Where a REDIRECT_URL step opens when it does not say: a new tab (true) or the page's own. */
  newTabByDefault: boolean;
  /** Whether a CHECKLIST step's `checklistId` (the reference element's name) stands in for `outboundId`. */
  legacyChecklistId: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
const isStepAction = (action: string): action is StepAction =>
  action !== "none" && (checklistStepActions as readonly string[]).includes(action);

function readStep(raw: unknown, reading: StepReading): ChecklistStep | null {
  if (!isRecord(raw) || text(raw.id) === "") return null;
  const action = text(raw.action);
  return {
    id: text(raw.id),
    title: text(raw.title),
    description: text(raw.description) || text(raw.body),
    action: isStepAction(action) ? action : null,
    actionTitle: text(raw.actionTitle),
    // A step that does not say may be ticked off by the visitor.
    allowMarkDone: raw.allowMarkDone !== false,
    duration: typeof raw.duration === "number" && raw.duration > 0 ? raw.duration : 0,
    botId: text(raw.botId),
    actionBody: text(raw.actionBody),
    actionOpenInNewTab: reading.newTabByDefault
      ? raw.actionOpenInNewTab !== false
      : raw.actionOpenInNewTab === true,
    formId: text(raw.formId),
    articleId: text(raw.articleId),
    outboundId: text(raw.outboundId) || (reading.legacyChecklistId ? text(raw.checklistId) : ""),
    sharedKey: text(raw.sharedKey),
  };
}

/** The usable steps of a checklist's `config.steps` (a step needs an id), in their order. */
export function readChecklistSteps(raw: unknown, reading: StepReading): ChecklistStep[] {
  return Array.isArray(raw) ? raw.flatMap((step) => readStep(step, reading) ?? []) : [];
}

/** The completed step ids of an answer or an update: strings only, each once. */
export const readCompletedSteps = (raw: unknown): string[] => [...new Set(strings(raw))];

export interface ChecklistProgress {
  done: number;
  total: number;
  /** 0–100, for the bar's width. */
  percent: number;
  /** Spec §9: the minutes of the steps not done yet. */
  minutesLeft: number;
  /** Spec §4: status done, or every step completed. */
  complete: boolean;
}

/** How much of `total` is done, 0–100 (0 for a checklist without steps). */
export const percentDone = (done: number, total: number) => (total > 0 ? (done / total) * 100 : 0);

export function checklistProgress(
  steps: readonly ChecklistStep[],
  completedSteps: readonly string[],
  status: ChecklistStatus,
): ChecklistProgress {
  const total = steps.length;
  const open = steps.filter((step) => !completedSteps.includes(step.id));
  const done = total - open.length;
  return {
    done,
    total,
    percent: percentDone(done, total),
    minutesLeft: open.reduce((sum, step) => sum + step.duration, 0),
    complete: status === "done" || (total > 0 && done === total),
  };
}

/** Spec §4: the first step not done is the open one (-1 when there is none). */
export const firstOpenStepIndex = (steps: readonly ChecklistStep[], completedSteps: readonly string[]) =>
  steps.findIndex((step) => !completedSteps.includes(step.id));

/**
 * Spec §4: an update for the same checklist (a push, another tab) merges its completed steps and its
 * status into `current`. Steps are only ever added and a done checklist stays done. Null when the update
 * is for another checklist or changes nothing; else the merged fields and the steps it added.
 */
export function mergeChecklistUpdate(
  current: { id: string; status: ChecklistStatus; completedSteps: readonly string[] },
  update: unknown,
): { status: ChecklistStatus; completedSteps: string[]; added: string[] } | null {
  if (!isRecord(update) || update.id !== current.id) return null;
  const added = readCompletedSteps(update.completedSteps).filter(
    (id) => !current.completedSteps.includes(id),
  );
  const status = update.status === "done" ? "done" : current.status;
  if (added.length === 0 && status === current.status) return null;
  return { status, completedSteps: [...current.completedSteps, ...added], added };
}
