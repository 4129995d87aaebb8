import {
  imageAddressPattern,
  type TourInputType,
  type TourStepMode,
  type TourStepType,
  type TourType,
  tourInputTypes,
  tourStepModes,
  tourStepRule,
  tourStepTypes,
  tourTypes,
} from "../../shared/guide-authoring-api.ts";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, isRecord, optionalKeys, textOf } from "./config-model.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/**
 * One step of a product tour or co-pilot tour (spec §3 "Tour step"): the element it points at (a CSS
 * selector the builder picks on the site), how it goes on (Next, a click on the element, typing), its
 * look (plain, wide post, video), its title and message, and for the co-pilot its voice and the text it
 * types by itself. Keys the builder adds are kept as stored.
 */
export interface TourStepState {
  selector: string;
  mode: TourStepMode;
  type: TourStepType;
  title: string;
  message: RichBody;
  videoUrl: string;
  inputType: TourInputType;
  inputValue: string;
  voice: string;
  original: Record<string, unknown>;
}

/**
 * A tour (spec §3 "Tour data"): its type (popovers, or the co-pilot that acts by itself), its buttons,
 * the co-pilot's badge, voice and unmute modal, its steps, and the site page the builder opens on.
 */
export interface TourConfigState {
  tourType: TourType;
  /** The page of the site to build the tour on; stored with the tour so the builder opens there again. */
  builderUrl: string;
  allowClose: boolean;
  backButton: boolean;
  nextText: string;
  prevText: string;
  doneText: string;
  /** Who the popovers come from (spec §3 "sender.firstName, sender.profileImageUrl"). */
  senderName: string;
  senderAvatar: string;
  playVoice: boolean;
  gradient: boolean;
  kaiSlug: string;
  kaiAvatar: string;
  showUnmuteModal: boolean;
  unmuteModalTitle: string;
  unmuteModalButton: string;
  unmuteModalContinue: string;
  steps: TourStepState[];
}

export const newTourStep = (): TourStepState => ({
  selector: "",
  mode: "",
  type: "",
  title: "",
  message: null,
  videoUrl: "",
  inputType: "default",
  inputValue: "",
  voice: "",
  original: {},
});

/** A stored value when it is one of `allowed` (any letter case for modes), else the first. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T {
  const text = textOf(value);
  const found = allowed.find((item) => item === text || item === text.toUpperCase());
  return found ?? (allowed[0] as T);
}

function readStep(step: Record<string, unknown>): TourStepState {
  return {
    selector: textOf(step.selector),
    mode: oneOf(tourStepModes, step.mode),
    type: oneOf(tourStepTypes, step.type),
    title: textOf(step.title),
    message: readRichBody(step.message),
    videoUrl: textOf(step.videoUrl),
    inputType: oneOf(tourInputTypes, step.inputType),
    inputValue: textOf(step.inputValue),
    voice: textOf(step.voice),
    original: step,
  };
}

/** A step as stored: only what applies to its mode and look, so a changed mode leaves nothing stale. */
function writeStep(step: TourStepState): Record<string, unknown> {
  const typesItself = step.mode === "INPUT" && step.inputType === "auto";
  return {
    ...step.original,
    selector: step.selector.trim(),
    ...optionalKeys({
      mode: step.mode,
      type: step.type,
      title: step.title,
      videoUrl: step.type === "video-pointer" ? step.videoUrl.trim() : undefined,
      voice: step.voice.trim(),
      inputValue: typesItself ? step.inputValue : undefined,
    }),
    inputType: typesItself ? "auto" : undefined,
    message: writtenRichBody(step.message),
  };
}

export const tourConfig: ConfigModel<TourConfigState> = {
  empty: {
    tourType: "standard",
    builderUrl: "",
    allowClose: true,
    backButton: true,
    nextText: "",
    prevText: "",
    doneText: "",
    senderName: "",
    senderAvatar: "",
    playVoice: true,
    gradient: false,
    kaiSlug: "",
    kaiAvatar: "",
    showUnmuteModal: false,
    unmuteModalTitle: "",
    unmuteModalButton: "",
    unmuteModalContinue: "",
    steps: [],
  },
  read: (config) => ({
    tourType: oneOf(tourTypes, config.tourType),
    builderUrl: textOf(config.builderUrl),
    allowClose: config.allowClose !== false,
    backButton: config.backButton !== false,
    nextText: textOf(config.nextText),
    prevText: textOf(config.prevText),
    doneText: textOf(config.doneText),
    senderName: isRecord(config.sender) ? textOf(config.sender.firstName) || textOf(config.sender.name) : "",
    senderAvatar: isRecord(config.sender) ? textOf(config.sender.profileImageUrl) : "",
    // The widget plays voices unless the tour says not to.
    playVoice: config.playVoice !== false,
    gradient: config.gradient === true,
    kaiSlug: textOf(config.kaiSlug),
    kaiAvatar: textOf(config.kaiAvatar),
    showUnmuteModal: config.showUnmuteModal === true,
    unmuteModalTitle: textOf(config.unmuteModalTitle),
    unmuteModalButton: textOf(config.unmuteModalButton),
    unmuteModalContinue: textOf(config.unmuteModalContinue),
    steps: (Array.isArray(config.steps) ? config.steps : []).filter(isRecord).map(readStep),
  }),
  write: (state, original) => {
    const copilot = state.tourType === "cobrowse";
    return {
      ...original,
      tourType: state.tourType,
      builderUrl: state.builderUrl.trim() || undefined,
      allowClose: state.allowClose,
      backButton: state.backButton,
      ...optionalKeys({ nextText: state.nextText, prevText: state.prevText, doneText: state.doneText }),
      sender: state.senderName.trim()
        ? {
            ...(isRecord(original.sender) ? original.sender : {}),
            firstName: state.senderName.trim(),
            profileImageUrl: state.senderAvatar.trim() || undefined,
          }
        : undefined,
      // The co-pilot's own settings mean nothing to a popover tour: they are stored only with it.
      playVoice: copilot ? state.playVoice : undefined,
      gradient: copilot ? state.gradient : undefined,
      showUnmuteModal: copilot ? state.showUnmuteModal : undefined,
      ...optionalKeys({
        kaiSlug: copilot ? state.kaiSlug : undefined,
        kaiAvatar: copilot ? state.kaiAvatar.trim() : undefined,
        unmuteModalTitle: copilot && state.showUnmuteModal ? state.unmuteModalTitle : undefined,
        unmuteModalButton: copilot && state.showUnmuteModal ? state.unmuteModalButton : undefined,
        unmuteModalContinue: copilot && state.showUnmuteModal ? state.unmuteModalContinue : undefined,
      }),
      steps: state.steps.map(writeStep),
    };
  },
  rules: (state) => {
    const errors: FieldErrors = {};
    // The server refuses a tour without steps (it would show nothing): the first one is added here.
    if (state.steps.length === 0) errors["config.steps"] = "content.rule.steps";
    if (state.builderUrl.trim() && !/^https?:\/\/\S+$/i.test(state.builderUrl.trim()))
      errors["config.builderUrl"] = "content.rule.url";
    for (const key of ["senderAvatar", "kaiAvatar"] as const) {
      if (state[key].trim() && !imageAddressPattern.test(state[key].trim()))
        errors[`config.${key}`] = "content.rule.url";
    }
    state.steps.forEach((step, index) => {
      // The shared rule, in the admin's words (the API answers it in English).
      const broken = tourStepRule(writeStep(step) as Parameters<typeof tourStepRule>[0]);
      if (broken) errors[`config.steps.${index}.${broken.key}`] = `content.guide.rule.${broken.code}`;
      for (const key of ["videoUrl", "voice"] as const) {
        if (step[key].trim() && !/^https?:\/\/\S+$/i.test(step[key].trim()))
          errors[`config.steps.${index}.${key}`] = "content.rule.url";
      }
      if (richBodyIsEmpty(step.message)) errors[`config.steps.${index}.message`] = "message is required";
    });
    return errors;
  },
};
