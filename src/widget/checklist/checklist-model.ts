import {
  type ChecklistProgress,
  type ChecklistStep,
  checklistProgress,
  firstOpenStepIndex,
  mergeChecklistUpdate,
  readChecklistSteps,
  readCompletedSteps,
} from "../../shared/checklist-progress.ts";
import type { ChecklistAnswer } from "../../shared/outbound-api.ts";

/**
 * The checklist element's data and its rules (spec §3 "Checklist", §4 "Checklist", §9): what
 * `GET /outbound/checklists/{id}?convertTipTap=true` answers, read defensively, and the pure steps of
 * its life: the first open step, progress, a live update merged in, a step marked done. The element
 * (checklist-instance.ts) only holds the result and draws it.
 */

export interface Checklist {
  id: string;
  status: "open" | "done";
  completedSteps: string[];
  subject: string;
  message: string;
  sender: { firstName: string; profileImageUrl: string };
  steps: ChecklistStep[];
  successTitle: string;
  successMessage: string;
  /** The checklist's own brand colour, empty for the project's. */
  color: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The answer as the element uses it, or null when it is not a checklist (spec §8 "empty response"). */
export function readChecklist(raw: unknown): Checklist | null {
  if (!isRecord(raw) || text(raw.id) === "") return null;
  const answer = raw as Partial<Record<keyof ChecklistAnswer, unknown>>;
  const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
  const outbound = record(answer.outbound);
  const config = record(outbound.config);
  const sender = record(outbound.sender);
  // The host page's own tab unless a step says otherwise (the reference's default); the reference's
  // element names a CHECKLIST step's checklist `checklistId`, the spec `outboundId`.
  const steps = readChecklistSteps(config.steps, { newTabByDefault: false, legacyChecklistId: true });
  return {
    id: text(answer.id),
    status: answer.status === "done" ? "done" : "open",
    completedSteps: readCompletedSteps(answer.completedSteps),
    subject: text(outbound.subject),
    message: text(outbound.message),
    sender: { firstName: text(sender.firstName), profileImageUrl: text(sender.profileImageUrl) },
    steps,
    successTitle: text(config.successTitle),
    successMessage: text(config.successMessage),
    color: text(config.color),
  };
}

export const isStepDone = (checklist: Checklist, step: ChecklistStep) =>
  checklist.completedSteps.includes(step.id);

export const progressOf = (checklist: Checklist): ChecklistProgress =>
  checklistProgress(checklist.steps, checklist.completedSteps, checklist.status);

/** Spec §4: done means status done or every step completed; the element then shows its success view. */
export const isComplete = (checklist: Checklist): boolean => progressOf(checklist).complete;

/** Spec §4: the first step not done is the open one (-1 when there is none). */
export const firstOpenStep = (checklist: Checklist): number =>
  firstOpenStepIndex(checklist.steps, checklist.completedSteps);

/** The next step not done after `index`, else the first one not done before it, else -1. */
export function nextOpenStep(checklist: Checklist, index: number): number {
  const later = checklist.steps.findIndex((step, at) => at > index && !isStepDone(checklist, step));
  return later !== -1 ? later : firstOpenStep(checklist);
}

export interface ChecklistState {
  checklist: Checklist;
  /** The step whose body is open: one at a time, -1 for none. */
  active: number;
}

/** A click on a step's header: it opens (closing any other), or closes when it was open. */
export function toggleStep(state: ChecklistState, index: number): ChecklistState {
  return { ...state, active: state.active === index ? -1 : index };
}

/**
 * Spec §4: an update for the same id merges its completedSteps and status. When the open step became
 * completed, the next step not done opens (or none). Steps are only ever added: a done step stays done.
 */
export function mergeUpdate(
  state: ChecklistState,
  update: unknown,
): { state: ChecklistState; changed: boolean } {
  const current = state.checklist;
  const merged = mergeChecklistUpdate(current, update);
  if (!merged) return { state, changed: false };
  const checklist: Checklist = { ...current, status: merged.status, completedSteps: merged.completedSteps };
  const activeId = current.steps[state.active]?.id;
  const active =
    activeId !== undefined && merged.added.includes(activeId)
      ? nextOpenStep(checklist, state.active)
      : state.active;
  return { state: { checklist, active }, changed: true };
}

/** What `PUT /outbound/checklists/{id}/increment/{step}` sends (spec §7): the step, and done at the end. */
export interface ChecklistUpdate {
  checkedStep: string;
  status?: "done";
}

/**
 * Spec §4: marking a step done adds its id to completedSteps and opens the next step not done (or
 * none). When that was the last one, the checklist's status becomes done and the update says so.
 * Null when the step does not exist or is done already (nothing to send).
 */
export function markStepDone(
  state: ChecklistState,
  index: number,
): { state: ChecklistState; update: ChecklistUpdate } | null {
  const step = state.checklist.steps[index];
  if (!step || isStepDone(state.checklist, step)) return null;
  const completed: Checklist = {
    ...state.checklist,
    completedSteps: [...state.checklist.completedSteps, step.id],
  };
  const allDone = completed.steps.every((candidate) => isStepDone(completed, candidate));
  const checklist: Checklist = allDone ? { ...completed, status: "done" } : completed;
  return {
    state: { checklist, active: nextOpenStep(checklist, index) },
    update: allDone ? { checkedStep: step.id, status: "done" } : { checkedStep: step.id },
  };
}
