import type { ChecklistStepTarget } from "../../shared/checklist-progress.ts";
import type { ChecklistStepAction } from "../../shared/guide-authoring-api.ts";
import {
  checklistActionRule,
  checklistStepActions,
  maxStepMinutes,
} from "../../shared/guide-authoring-api.ts";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, optionalKeys, textOf } from "./config-model.ts";
import { type RichBody, readRichBody, writtenRichBody } from "./rich-body.ts";

/**
 * One step of a checklist (spec §3 "Checklist", step): its title and description, how long it takes,
 * whether visitors may tick it off, and its action: the button that starts a bot, a custom action of
 * the site, a link, a feedback flow, a news or help article, or another checklist. Only the fields of
 * the chosen action are stored; keys this editor does not know are kept.
 */
export interface ChecklistStepState extends ChecklistStepTarget {
  id: string;
  title: string;
  description: RichBody;
  allowMarkDone: boolean;
  action: ChecklistStepAction;
  actionTitle: string;
  /** Minutes as typed; read when sent, so a half-typed value is not thrown away. */
  duration: string;
  original: Record<string, unknown>;
}

/** A checklist (the messenger's checklist screen): its intro, the steps, the success view. */
export interface ChecklistConfigState {
  subject: string;
  message: string;
  successTitle: string;
  successMessage: string;
  steps: ChecklistStepState[];
}

/** A step id that no other step has: `step-1`, `step-2`, … (ids are what progress is stored by). */
export function nextStepId(steps: readonly { id: string }[]): string {
  const taken = new Set(steps.map((step) => step.id));
  let n = steps.length + 1;
  while (taken.has(`step-${n}`)) n++;
  return `step-${n}`;
}

export const newChecklistStep = (steps: readonly { id: string }[]): ChecklistStepState => ({
  id: nextStepId(steps),
  title: "",
  description: null,
  allowMarkDone: true,
  action: "none",
  actionTitle: "",
  duration: "",
  botId: "",
  actionBody: "",
  actionOpenInNewTab: false,
  formId: "",
  articleId: "",
  outboundId: "",
  sharedKey: "",
  original: {},
});

/** The fields each action reads (besides its title); the others are dropped when the action changes. */
export const actionFields: Record<ChecklistStepAction, readonly (keyof ChecklistStepState)[]> = {
  none: [],
  BOT: ["botId"],
  CUSTOM_ACTION: ["actionBody"],
  REDIRECT_URL: ["actionBody", "actionOpenInNewTab"],
  FEEDBACK_FLOW: ["formId"],
  NEWS_ARTICLE: ["articleId"],
  HELP_ARTICLE: ["articleId"],
  CHECKLIST: ["outboundId", "sharedKey"],
};

const readAction = (value: unknown): ChecklistStepAction =>
  (checklistStepActions as readonly string[]).includes(textOf(value))
    ? (textOf(value) as ChecklistStepAction)
    : "none";

/** A typed number of minutes, or the text itself when it is none (the schema then refuses it). */
const minutesOf = (text: string): unknown =>
  text.trim() === "" ? undefined : Number.isFinite(Number(text)) ? Number(text) : text;

function readStep(step: Record<string, unknown>): ChecklistStepState {
  return {
    id: textOf(step.id),
    title: textOf(step.title),
    description: readRichBody(step.description ?? step.body),
    allowMarkDone: step.allowMarkDone !== false,
    action: readAction(step.action),
    actionTitle: textOf(step.actionTitle),
    duration: typeof step.duration === "number" ? String(step.duration) : "",
    botId: textOf(step.botId),
    actionBody: textOf(step.actionBody),
    actionOpenInNewTab: step.actionOpenInNewTab === true,
    formId: textOf(step.formId),
    articleId: textOf(step.articleId),
    // The reference's element reads `checklistId`; the spec names it outboundId.
    outboundId: textOf(step.outboundId) || textOf(step.checklistId),
    sharedKey: textOf(step.sharedKey),
    original: step,
  };
}

function writeStep(step: ChecklistStepState): Record<string, unknown> {
  const used = new Set<string>(actionFields[step.action]);
  const own = (key: keyof ChecklistStepState, value: string) => (used.has(key) ? value.trim() : undefined);
  const { body: _legacyBody, checklistId: _legacyChecklist, ...kept } = step.original;
  return {
    ...kept,
    id: step.id,
    title: step.title,
    description: writtenRichBody(step.description),
    allowMarkDone: step.allowMarkDone,
    action: step.action,
    duration: minutesOf(step.duration),
    actionOpenInNewTab: used.has("actionOpenInNewTab") ? step.actionOpenInNewTab : undefined,
    ...optionalKeys({
      actionTitle: step.action === "none" ? undefined : step.actionTitle,
      botId: own("botId", step.botId),
      actionBody: own("actionBody", step.actionBody),
      formId: own("formId", step.formId),
      articleId: own("articleId", step.articleId),
      outboundId: own("outboundId", step.outboundId),
      sharedKey: own("sharedKey", step.sharedKey),
    }),
  };
}

export const checklistConfig: ConfigModel<ChecklistConfigState> = {
  empty: { subject: "", message: "", successTitle: "", successMessage: "", steps: [] },
  read: (config) => ({
    subject: textOf(config.subject),
    message: textOf(config.message),
    successTitle: textOf(config.successTitle),
    successMessage: textOf(config.successMessage),
    steps: (Array.isArray(config.steps) ? config.steps : []).filter(isRecord).map(readStep),
  }),
  write: (state, original) => ({
    ...original,
    subject: state.subject,
    message: state.message,
    successTitle: state.successTitle,
    successMessage: state.successMessage,
    steps: state.steps.map(writeStep),
  }),
  rules: (state) => {
    const errors: FieldErrors = {};
    if (!state.subject.trim()) errors["config.subject"] = "subject is required";
    if (state.steps.length === 0) errors["config.steps"] = "content.rule.steps";
    state.steps.forEach((step, index) => {
      if (!step.title.trim()) errors[`config.steps.${index}.title`] = "title is required";
      const minutes = minutesOf(step.duration);
      if (
        minutes !== undefined &&
        !(Number.isInteger(minutes) && Number(minutes) >= 0 && Number(minutes) <= maxStepMinutes)
      )
        errors[`config.steps.${index}.duration`] = "content.guide.rule.duration";
      // The shared rule, in the admin's words (the API answers it in English).
      const broken = checklistActionRule(step);
      if (broken) errors[`config.steps.${index}.${broken.key}`] = `content.guide.rule.${broken.code}`;
    });
    return errors;
  },
};
