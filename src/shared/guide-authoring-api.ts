import {
  array,
  boolean,
  define,
  enums,
  type Infer,
  integer,
  max,
  min,
  optional,
  refine,
  type StructError,
  size,
  string,
  type,
} from "superstruct";
import { checklistStepActions } from "./checklist-progress.ts";
import { RichText, Sender } from "./outbound-api.ts";
import { validateUntrusted } from "./untrusted-validation.ts";

/**
 * What an admin may store as a tour's or a checklist's config: every key the widget reads (src/widget/common/tour-data.ts,
 * src/widget/checklist/checklist-model.ts), each with its type, and the rules that make a step
 * runnable (a click step needs an element, a redirect needs an address). The admin's form rules and the
 * platform API both check this, so a refused field says the same on both sides. Kept apart from
 * `outbound-api.ts`: the widget reads configs leniently (a wrong key counts as absent) and must not
 * carry these rules in its chunks.
 */

/** `cobrowse` is the AI co-pilot tour; `standard` the popover tour. */
export const tourTypes = ["standard", "cobrowse"] as const;
export type TourType = (typeof tourTypes)[number];

/** How a step goes on: its Next button (`""`, the widget's DEFAULT), a click on its element, or typing. */
export const tourStepModes = ["", "CLICK", "INPUT"] as const;
export type TourStepMode = (typeof tourStepModes)[number];

/** The popover: plain, the wide `post` (550 px), or with a video (`video-pointer`). */
export const tourStepTypes = ["", "post", "video-pointer"] as const;
export type TourStepType = (typeof tourStepTypes)[number];

/** A co-pilot INPUT step waits for the visitor (`default`) or types `inputValue` itself (`auto`). */
export const tourInputTypes = ["default", "auto"] as const;
export type TourInputType = (typeof tourInputTypes)[number];

export { checklistStepActions };
export type ChecklistStepAction = (typeof checklistStepActions)[number];

/** The longest a step may claim to take: a day, in minutes. */
export const maxStepMinutes = 1440;

/** An http(s) address; a video, a voice or an avatar comes from the web. */
export const webAddressPattern = /^https?:\/\/[^\s"'<>]+$/i;

/** Where a redirect step may send a visitor: a web address or a path of the site, never `javascript:`. */
export const redirectPattern = /^(?:https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i;

/** An image the widget shows (its `isImageSource`): a web address, a path of the site, or a data image. */
export const imageAddressPattern =
  /^(?:https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*|data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,][^\s"<>]*)$/i;

const imageAddress = define<string>(
  "imageAddress",
  (value) =>
    (typeof value === "string" && (value === "" || imageAddressPattern.test(value))) ||
    "must be an image address starting with https://",
);

const webAddress = define<string>(
  "webAddress",
  (value) =>
    (typeof value === "string" && (value === "" || webAddressPattern.test(value))) ||
    "must be an address starting with https://",
);

const shortText = (limit: number) => size(string(), 0, limit);

/** A failure at `key` of the object being checked, so the form marks that one field. */
const at = (context: { path: unknown[] }, key: string, message: string) => ({
  message,
  path: [...context.path, key],
});

/**
 * A broken step rule: the field it is about, the API's words, and a short code the admin's texts are
 * keyed by (`content.guide.rule.{code}`), so the form says it in the admin's language.
 */
export interface StepRuleBreak {
  key: string;
  code: string;
  message: string;
}

/** What makes a tour step unable to run, or null. */
export function tourStepRule(step: {
  selector?: string;
  mode?: string;
  type?: string;
  videoUrl?: string;
  inputType?: string;
  inputValue?: string;
}): StepRuleBreak | null {
  const selector = step.selector?.trim() ?? "";
  if ((step.mode === "CLICK" || step.mode === "INPUT") && selector === "")
    return {
      key: "selector",
      code: "stepElement",
      message: "a click or input step needs the element it acts on",
    };
  if (step.type === "video-pointer" && !step.videoUrl)
    return { key: "videoUrl", code: "stepVideo", message: "a video step needs the video's address" };
  if (step.inputType === "auto" && step.mode !== "INPUT")
    return { key: "inputType", code: "stepAutoInput", message: "only an input step can type by itself" };
  if (step.inputType === "auto" && !step.inputValue?.trim())
    return { key: "inputValue", code: "stepTypedText", message: "an auto-typed step needs the text to type" };
  return null;
}

export const AuthoredTourStep = refine(
  type({
    selector: optional(shortText(1024)),
    mode: optional(enums(tourStepModes)),
    type: optional(enums(tourStepTypes)),
    title: optional(shortText(512)),
    message: optional(RichText),
    videoUrl: optional(webAddress),
    inputType: optional(enums(tourInputTypes)),
    inputValue: optional(shortText(1000)),
    voice: optional(webAddress),
  }),
  "tourStepRules",
  (step, context) => {
    const broken = tourStepRule(step);
    return broken ? at(context, broken.key, broken.message) : true;
  },
);
export type AuthoredTourStep = Infer<typeof AuthoredTourStep>;

export const AuthoredTourConfig = type({
  tourType: optional(enums(tourTypes)),
  builderUrl: optional(shortText(2048)),
  allowClose: optional(boolean()),
  backButton: optional(boolean()),
  nextText: optional(shortText(64)),
  prevText: optional(shortText(64)),
  doneText: optional(shortText(64)),
  sender: optional(Sender),
  playVoice: optional(boolean()),
  gradient: optional(boolean()),
  kaiAvatar: optional(imageAddress),
  kaiSlug: optional(shortText(64)),
  showUnmuteModal: optional(boolean()),
  unmuteModalTitle: optional(shortText(256)),
  unmuteModalButton: optional(shortText(64)),
  unmuteModalContinue: optional(shortText(64)),
  steps: array(AuthoredTourStep),
});
export type AuthoredTourConfig = Infer<typeof AuthoredTourConfig>;

/** What each action needs besides its kind, or null; the others are optional (an empty bot is the default bot). */
export function checklistActionRule(step: {
  action?: ChecklistStepAction;
  actionBody?: string;
  formId?: string;
  articleId?: string;
  outboundId?: string;
}): StepRuleBreak | null {
  const filled = (value: string | undefined) => (value ?? "").trim() !== "";
  const needs = (
    key: "actionBody" | "formId" | "articleId" | "outboundId",
    code: string,
    message: string,
  ): StepRuleBreak | null => (filled(step[key]) ? null : { key, code, message });
  switch (step.action) {
    case "REDIRECT_URL":
      if (!filled(step.actionBody))
        return { key: "actionBody", code: "redirectMissing", message: "a redirect needs an address" };
      return redirectPattern.test((step.actionBody ?? "").trim())
        ? null
        : {
            key: "actionBody",
            code: "redirectAddress",
            message: "the address must start with https:// or /",
          };
    case "CUSTOM_ACTION":
      return needs("actionBody", "customAction", "a custom action needs the action's name");
    case "FEEDBACK_FLOW":
      return needs("formId", "flow", "a feedback flow step needs the flow");
    case "NEWS_ARTICLE":
    case "HELP_ARTICLE":
      return needs("articleId", "article", "the step needs the article");
    case "CHECKLIST":
      return needs("outboundId", "checklist", "the step needs the checklist it opens");
    default:
      return null;
  }
}

export const AuthoredChecklistStep = refine(
  type({
    id: size(string(), 1, 128),
    title: shortText(512),
    description: optional(RichText),
    action: optional(enums(checklistStepActions)),
    actionTitle: optional(shortText(120)),
    allowMarkDone: optional(boolean()),
    duration: optional(max(min(integer(), 0), maxStepMinutes)),
    botId: optional(shortText(128)),
    actionBody: optional(shortText(2048)),
    actionOpenInNewTab: optional(boolean()),
    formId: optional(shortText(128)),
    articleId: optional(shortText(128)),
    outboundId: optional(shortText(128)),
    sharedKey: optional(shortText(256)),
  }),
  "checklistStepRules",
  (step, context) => {
    const broken = checklistActionRule(step);
    return broken ? at(context, broken.key, broken.message) : true;
  },
);
export type AuthoredChecklistStep = Infer<typeof AuthoredChecklistStep>;

export const AuthoredChecklistConfig = type({ steps: array(AuthoredChecklistStep) });

/**
 * Why an authored tour's or checklist's config breaks these rules, or undefined (other kinds, and the
 * shapes `outbound-api.ts` checks for every writer, are not this file's).
 */
export function authoredGuideError(kind: string, config: unknown): StructError | undefined {
  if (kind === "tour") return validateUntrusted(config, AuthoredTourConfig)[0];
  if (kind === "checklist") return validateUntrusted(config, AuthoredChecklistConfig)[0];
  return undefined;
}
