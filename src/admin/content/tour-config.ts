import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, textOf } from "./config-model.ts";

/**
 * One step of a product tour: the element it points at (a CSS selector the builder picks on the site)
 * and its message (HTML). Other step keys the builder writes (mode, type) are kept as stored.
 */
export interface TourStepState {
  selector: string;
  message: string;
  original: Record<string, unknown>;
}

/** A product tour (spec §3 "Tour data"): its steps, and the site page the builder opens on. */
export interface TourConfigState {
  /** The page of the site to build the tour on; stored with the tour so the builder opens there again. */
  builderUrl: string;
  allowClose: boolean;
  steps: TourStepState[];
}

export const newTourStep = (): TourStepState => ({ selector: "", message: "", original: {} });

export const tourConfig: ConfigModel<TourConfigState> = {
  empty: { builderUrl: "", allowClose: true, steps: [] },
  read: (config) => ({
    builderUrl: textOf(config.builderUrl),
    allowClose: config.allowClose !== false,
    steps: (Array.isArray(config.steps) ? config.steps : []).filter(isRecord).map((step) => ({
      selector: textOf(step.selector),
      message: textOf(step.message),
      original: step,
    })),
  }),
  write: (state, original) => ({
    ...original,
    tourType: textOf(original.tourType) || "standard",
    builderUrl: state.builderUrl.trim() || undefined,
    allowClose: state.allowClose,
    steps: state.steps.map((step) => ({ ...step.original, selector: step.selector, message: step.message })),
  }),
  rules: (state) => {
    const errors: FieldErrors = {};
    // The server refuses a tour without steps (it would show nothing): the first one is added here.
    if (state.steps.length === 0) errors["config.steps"] = "content.rule.steps";
    if (state.builderUrl.trim() && !/^https?:\/\/\S+$/i.test(state.builderUrl.trim()))
      errors["config.builderUrl"] = "content.rule.url";
    state.steps.forEach((step, index) => {
      if (!step.message.trim()) errors[`config.steps.${index}.message`] = "message is required";
    });
    return errors;
  },
};
