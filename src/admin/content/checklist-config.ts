import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, textOf } from "./config-model.ts";

/** One step of a checklist as edited: its title and description; its action stays as stored. */
export interface ChecklistStepState {
  id: string;
  title: string;
  description: string;
  allowMarkDone: boolean;
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
  description: "",
  allowMarkDone: true,
  original: {},
});

export const checklistConfig: ConfigModel<ChecklistConfigState> = {
  empty: { subject: "", message: "", successTitle: "", successMessage: "", steps: [] },
  read: (config) => ({
    subject: textOf(config.subject),
    message: textOf(config.message),
    successTitle: textOf(config.successTitle),
    successMessage: textOf(config.successMessage),
    steps: (Array.isArray(config.steps) ? config.steps : []).filter(isRecord).map((step) => ({
      id: textOf(step.id),
      title: textOf(step.title),
      description: textOf(step.description),
      allowMarkDone: step.allowMarkDone !== false,
      original: step,
    })),
  }),
  write: (state, original) => ({
    ...original,
    subject: state.subject,
    message: state.message,
    successTitle: state.successTitle,
    successMessage: state.successMessage,
    steps: state.steps.map((step) => ({
      ...step.original,
      id: step.id,
      title: step.title,
      description: step.description,
      allowMarkDone: step.allowMarkDone,
    })),
  }),
  rules: (state) => {
    const errors: FieldErrors = {};
    if (!state.subject.trim()) errors["config.subject"] = "subject is required";
    if (state.steps.length === 0) errors["config.steps"] = "content.rule.steps";
    state.steps.forEach((step, index) => {
      if (!step.title.trim()) errors[`config.steps.${index}.title`] = "title is required";
    });
    return errors;
  },
};
