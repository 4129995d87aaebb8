import {
  type ChecklistProgress,
  type ChecklistStep,
  checklistProgress,
  firstOpenStepIndex,
  mergeChecklistUpdate,
  readChecklistSteps,
} from "../../shared/checklist-progress.ts";
import type { ChecklistAnswer } from "../../shared/outbound-api.ts";
import type { Screen } from "../shell/shell-api.ts";

/**
 * A checklist as `GET /outbound/checklists/{id}?convertTipTap=true` answers it (spec §3 "Checklist")
 * and what the screen derives from it (spec §4, §9): the steps, which are done, the first open one,
 * progress, the minutes left, and where a step's action leads.
 */
export type Checklist = ChecklistAnswer;

export const checklistPath = (id: string) =>
  `/outbound/checklists/${encodeURIComponent(id)}?convertTipTap=true`;

/**
 * The checklist's steps. A link opens in a new tab unless the step says otherwise; a CHECKLIST step
 * names its checklist by `outboundId` only.
 */
export const stepsOf = (checklist: Checklist): ChecklistStep[] =>
  readChecklistSteps(checklist.outbound?.config?.steps, { newTabByDefault: true, legacyChecklistId: false });

export function isStepDone(checklist: Checklist, step: Pick<ChecklistStep, "id">): boolean {
  return (checklist.completedSteps ?? []).includes(step.id);
}

/** Progress with a whole percent. */
export function progressOf(checklist: Checklist): ChecklistProgress {
  const progress = checklistProgress(stepsOf(checklist), checklist.completedSteps ?? [], checklist.status);
  return { ...progress, percent: Math.round(progress.percent) };
}

/** The step to show open: the first one not done (spec §4), or null when all are. */
export function firstOpenStep(checklist: Checklist): string | null {
  const steps = stepsOf(checklist);
  return steps[firstOpenStepIndex(steps, checklist.completedSteps ?? [])]?.id ?? null;
}

/** A `checklist` push for this instance: its progress merged in (spec §4), the rest kept. */
export function mergePush(current: Checklist, push: unknown): Checklist {
  const merged = mergeChecklistUpdate({ ...current, completedSteps: current.completedSteps ?? [] }, push);
  return merged ? { ...current, status: merged.status, completedSteps: merged.completedSteps } : current;
}

export type StepTarget =
  | { kind: "screen"; screen: Screen }
  | { kind: "url"; url: string; newTab: boolean }
  | { kind: "custom"; action: string };

/** Where a step's action leads in the messenger or on the host page, or null when it has none. */
export function stepTarget(step: ChecklistStep): StepTarget | null {
  switch (step.action) {
    case "FEEDBACK_FLOW":
      return step.formId ? { kind: "screen", screen: { name: "flow", flowKey: step.formId } } : null;
    case "NEWS_ARTICLE":
      return step.articleId
        ? { kind: "screen", screen: { name: "news-article", newsId: step.articleId } }
        : null;
    case "HELP_ARTICLE":
      return step.articleId
        ? { kind: "screen", screen: { name: "help-article", articleId: step.articleId } }
        : null;
    case "BOT":
      return {
        kind: "screen",
        screen: step.botId ? { name: "bot", botId: step.botId } : { name: "new-conversation" },
      };
    case "CHECKLIST":
      return step.outboundId
        ? {
            kind: "screen",
            screen: {
              name: "checklist",
              outboundId: step.outboundId,
              ...(step.sharedKey ? { sharedKey: step.sharedKey } : {}),
            },
          }
        : null;
    case "REDIRECT_URL":
      return /^https?:\/\//i.test(step.actionBody)
        ? { kind: "url", url: step.actionBody, newTab: step.actionOpenInNewTab }
        : null;
    case "CUSTOM_ACTION":
      return step.actionBody ? { kind: "custom", action: step.actionBody } : null;
    default:
      return null;
  }
}
