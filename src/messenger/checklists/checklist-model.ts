import type { ChecklistAnswer } from "../../shared/outbound-api.ts";
import type { Screen } from "../shell/shell-api.ts";

/**
 * A checklist as `GET /outbound/checklists/{id}?convertTipTap=true` answers it (spec §3 "Checklist")
 * and what the screen derives from it (spec §4, §9): the steps, which are done, the first open one,
 * progress, the minutes left, and where a step's action leads.
 */
export type Checklist = ChecklistAnswer;

export interface ChecklistStep {
  id: string;
  title: string;
  /** HTML (TipTap converted by the server). */
  description: string;
  action: string;
  actionTitle: string;
  allowMarkDone: boolean;
  duration: number;
  botId: string;
  actionBody: string;
  actionOpenInNewTab: boolean;
  formId: string;
  articleId: string;
  outboundId: string;
  sharedKey: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const checklistPath = (id: string) =>
  `/outbound/checklists/${encodeURIComponent(id)}?convertTipTap=true`;

export function stepsOf(checklist: Checklist): ChecklistStep[] {
  const steps = Array.isArray(checklist.outbound?.config?.steps) ? checklist.outbound.config.steps : [];
  return steps
    .filter(
      (step): step is Record<string, unknown> => !!step && typeof step.id === "string" && step.id !== "",
    )
    .map((step) => ({
      id: step.id as string,
      title: text(step.title),
      description: text(step.description) || text(step.body),
      action: text(step.action) || "none",
      actionTitle: text(step.actionTitle),
      // A step says whether the visitor may tick it; one that does not say may be ticked.
      allowMarkDone: step.allowMarkDone !== false,
      duration: typeof step.duration === "number" && step.duration > 0 ? step.duration : 0,
      botId: text(step.botId),
      actionBody: text(step.actionBody),
      actionOpenInNewTab: step.actionOpenInNewTab !== false,
      formId: text(step.formId),
      articleId: text(step.articleId),
      outboundId: text(step.outboundId),
      sharedKey: text(step.sharedKey),
    }));
}

export function isStepDone(checklist: Checklist, step: Pick<ChecklistStep, "id">): boolean {
  return (checklist.completedSteps ?? []).includes(step.id);
}

export interface Progress {
  done: number;
  total: number;
  /** Whole percent. */
  percent: number;
  /** Minutes of the steps not done yet (spec §9). */
  minutesLeft: number;
  complete: boolean;
}

export function progressOf(checklist: Checklist): Progress {
  const steps = stepsOf(checklist);
  const done = steps.filter((step) => isStepDone(checklist, step)).length;
  const total = steps.length;
  return {
    done,
    total,
    percent: total > 0 ? Math.round((done / total) * 100) : 0,
    minutesLeft: steps
      .filter((step) => !isStepDone(checklist, step))
      .reduce((sum, step) => sum + step.duration, 0),
    complete: checklist.status === "done" || (total > 0 && done === total),
  };
}

/** The step to show open: the first one not done (spec §4), or null when all are. */
export function firstOpenStep(checklist: Checklist): string | null {
  return stepsOf(checklist).find((step) => !isStepDone(checklist, step))?.id ?? null;
}

/** A `checklist` push for this instance: its progress merged in (spec §4), the rest kept. */
export function mergePush(current: Checklist, push: unknown): Checklist {
  const data = push as Partial<Checklist> | null;
  if (!data || data.id !== current.id) return current;
  return {
    ...current,
    status: data.status === "done" ? "done" : current.status,
    completedSteps: Array.isArray(data.completedSteps)
      ? [...new Set([...(current.completedSteps ?? []), ...data.completedSteps])]
      : current.completedSteps,
  };
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
