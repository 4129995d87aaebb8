import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  type StructError,
  size,
  string,
  type,
  unknown,
} from "superstruct";
import { checklistStepActions } from "./checklist-progress.ts";
import { pageFilterTypes } from "./page-filter.ts";
import { richBody } from "./rich-text-api.ts";
import { validateUntrusted } from "./untrusted-validation.ts";

/**
 * Outbound content (spec §3, §7): the requests the widget sends about tours and checklists, the
 * stored shape of each kind of content, and the answers and pushes the server sends back.
 */

const outboundId = size(string(), 1, 128);

/** `POST {api}/outbound/producttours`: the tour config by id. */
export const ProductTourRequest = object({ outboundId });
export type ProductTourRequest = Infer<typeof ProductTourRequest>;

/** `POST {api}/outbound/producttourvalidation`: may the tour run here, now? */
export const ProductTourValidationRequest = object({
  outboundId,
  currentUrl: size(string(), 0, 4096),
});
export type ProductTourValidationRequest = Infer<typeof ProductTourValidationRequest>;

/** `POST {api}/outbound/checklists`: the checklist instance for an outbound (and shared key). */
export const ChecklistStartRequest = object({
  outboundId,
  sharedKey: optional(nullable(size(string(), 0, 256))),
});
export type ChecklistStartRequest = Infer<typeof ChecklistStartRequest>;

export const checklistStatuses = ["open", "done"] as const;
export type ChecklistStatus = (typeof checklistStatuses)[number];

/**
 * `PUT {api}/outbound/checklists/{id}` (and `/increment/{step}`, whose path names the step). `done`
 * completes the checklist; `open` changes nothing, since a done checklist stays done.
 */
export const ChecklistUpdateRequest = object({
  checkedStep: optional(nullable(size(string(), 1, 128))),
  status: optional(enums(checklistStatuses)),
});
export type ChecklistUpdateRequest = Infer<typeof ChecklistUpdateRequest>;

// Stored content. `type()` rather than `object()`: editors add presentation fields the server only
// passes through, so unknown keys are kept, while the keys the server reads are checked.

export const outboundTypes = ["notification", "banner", "modal", "tour", "survey", "checklist"] as const;
export type OutboundType = (typeof outboundTypes)[number];

export const outboundStatuses = ["draft", "live"] as const;
export type OutboundStatus = (typeof outboundStatuses)[number];

/** Who gets a piece of content: every visitor, only identified users, or only anonymous visitors. */
export const outboundAudiences = ["all", "identified", "anonymous"] as const;
export type OutboundAudience = (typeof outboundAudiences)[number];

/**
 * How often a visitor gets a piece of content: `once` (never again after it was shown),
 * `visit` (once per visit: again after 30 minutes without activity), `until_closed` (on every page view
 * until the visitor closes it).
 */
export const outboundFrequencies = ["once", "visit", "until_closed"] as const;
export type OutboundFrequency = (typeof outboundFrequencies)[number];

/** The owner's order of takeovers waiting for the same slot: higher first, then the earlier publish. */
export const outboundPriorityRange = { min: -100, max: 100 } as const;

/**
 * What the widget acknowledges of an outbound, `POST /api/widget/outbound/{id}/events`:
 * shown (it is on screen: the only thing counted as delivered), opened (a click on it or its button),
 * completed (a tour finished, a survey answered, a checklist done), closed (the visitor closed it).
 */
export const outboundEventKinds = ["shown", "opened", "completed", "closed"] as const;
export type OutboundEventKind = (typeof outboundEventKinds)[number];
export const OutboundEventRequest = object({ event: enums(outboundEventKinds) });
export type OutboundEventRequest = Infer<typeof OutboundEventRequest>;

/** An ISO time (`2026-11-23T10:00:00.000Z`), as the schedule fields store it. */
export const isoTime = refine(size(string(), 10, 40), "isoTime", (value) =>
  Number.isNaN(Date.parse(value)) ? "must be a date and time such as 2026-11-23T10:00:00Z" : true,
);

/** The delivery fields every outbound kind has: order, frequency and schedule. */
export const outboundDeliveryFields = {
  priority: optional(max(min(integer(), outboundPriorityRange.min), outboundPriorityRange.max)),
  frequency: optional(enums(outboundFrequencies)),
  startsAt: optional(nullable(isoTime)),
  endsAt: optional(nullable(isoTime)),
};

/**
 * A rich text: plain or HTML text, or a TipTap document (`{type: "doc", content}`) whose every node
 * and mark the rendering knows (rich-text-api.ts), so a body is refused rather than cut when shown.
 */
export const RichText = richBody();
export type RichText = Infer<typeof RichText>;

export const Sender = type({
  firstName: optional(size(string(), 0, 256)),
  name: optional(size(string(), 0, 256)),
  profileImageUrl: optional(size(string(), 0, 2048)),
});

const versionText = optional(size(string(), 0, 4096));
const versionRichText = optional(RichText);

/**
 * An outbound's texts in another language the widget speaks (`config.translations.de`, `.ar`; see
 * src/shared/content-languages.ts): the keys a visitor reads, each optional (empty: the config's own),
 * steps and buttons in their order (a checklist step also by its `id`). Only texts: where a thing
 * points, how it looks and when it shows are the same in every language.
 */
export const OutboundTextVersion = object({
  title: versionText,
  body: versionRichText,
  text: optional(richBody(4096)),
  subject: versionText,
  message: versionRichText,
  successTitle: versionText,
  successMessage: versionRichText,
  nextText: versionText,
  prevText: versionText,
  doneText: versionText,
  unmuteModalTitle: versionText,
  unmuteModalButton: versionText,
  unmuteModalContinue: versionText,
  steps: optional(
    size(
      array(
        object({
          id: optional(size(string(), 1, 128)),
          title: versionText,
          message: versionRichText,
          description: versionRichText,
          body: versionRichText,
          actionTitle: versionText,
        }),
      ),
      0,
      200,
    ),
  ),
  buttons: optional(size(array(object({ text: versionText })), 0, 10)),
});
export type OutboundTextVersion = Infer<typeof OutboundTextVersion>;

/** `config.translations` of every outbound kind. */
export const OutboundTranslations = optional(
  object({ de: optional(nullable(OutboundTextVersion)), ar: optional(nullable(OutboundTextVersion)) }),
);

export const ChecklistStep = type({
  id: size(string(), 1, 128),
  title: size(string(), 0, 512),
  description: optional(RichText),
  body: optional(RichText),
  action: optional(enums(checklistStepActions)),
  actionTitle: optional(string()),
  allowMarkDone: optional(boolean()),
  duration: optional(number()),
});
export type ChecklistStep = Infer<typeof ChecklistStep>;

/** A checklist outbound's config: its info section, steps and success view. */
export const ChecklistConfig = type({
  subject: optional(size(string(), 0, 512)),
  message: optional(RichText),
  sender: optional(Sender),
  steps: refine(size(array(ChecklistStep), 1, 100), "uniqueStepIds", (steps) => {
    const ids = steps.map((step) => step.id);
    return new Set(ids).size === ids.length || "step ids must be unique";
  }),
  successTitle: optional(string()),
  successMessage: optional(RichText),
  color: optional(string()),
  translations: OutboundTranslations,
});
export type ChecklistConfig = Infer<typeof ChecklistConfig>;

export const TourStep = type({
  selector: optional(string()),
  mode: optional(string()),
  type: optional(string()),
  message: optional(RichText),
});

/**
 * A tour outbound's config: what `producttours` answers and a tour action carries (spec §3 "Tour data").
 * A tour without steps shows nothing and would only hide what it replaced, so it is refused.
 */
export const TourConfig = type({
  tourType: optional(string()),
  steps: refine(
    size(array(TourStep), 0, 200),
    "tourSteps",
    (steps) => steps.length > 0 || "a tour needs at least one step",
  ),
  translations: OutboundTranslations,
});
export type TourConfig = Infer<typeof TourConfig>;

/**
 * Notification, banner, modal and survey configs are the action's `data`, plus two keys the server
 * lifts onto the action: `format` (banner `floating`, survey `survey_full`) and `sound`. A survey may
 * name the form to show (`formId`), else the outbound id is used.
 */
export const NotificationConfig = type({
  /** Plain text or simple HTML, or a TipTap document from the rich-text editor. */
  text: richBody(4096),
  sound: optional(boolean()),
  sender: optional(Sender),
  translations: OutboundTranslations,
});

export const ActionConfig = type({
  /** A banner's or modal's body. */
  body: optional(RichText),
  format: optional(string()),
  sound: optional(boolean()),
  formId: optional(string()),
  translations: OutboundTranslations,
});

/** Why a config does not fit its outbound type, or undefined when it does. */
export function outboundConfigError(type: OutboundType, config: unknown): StructError | undefined {
  switch (type) {
    case "notification":
      return validateUntrusted(config, NotificationConfig)[0];
    case "tour":
      return validateUntrusted(config, TourConfig)[0];
    case "checklist":
      return validateUntrusted(config, ChecklistConfig)[0];
    default:
      return validateUntrusted(config, ActionConfig)[0];
  }
}

/** What the admin (and tests) create an outbound from; `config` is checked against its type's schema. */
export const NewOutbound = object({
  type: enums(outboundTypes),
  status: enums(outboundStatuses),
  name: size(string(), 1, 256),
  config: record(string(), unknown()),
  pageFilter: optional(size(string(), 0, 2048)),
  pageFilterType: optional(enums(["", ...pageFilterTypes])),
  audience: optional(enums(outboundAudiences)),
  ...outboundDeliveryFields,
});
export type NewOutbound = Infer<typeof NewOutbound>;

// Answers and pushes.

/** `producttourvalidation`'s answer; anything not live reads as draft. */
export interface ProductTourValidation {
  status: "live" | "draft";
  passedPageFilter: boolean;
  config: Record<string, unknown>;
}

/** The checklist as `GET /outbound/checklists/{id}` answers it and the `checklist` push carries it. */
export interface ChecklistAnswer {
  id: string;
  status: ChecklistStatus;
  completedSteps: string[];
  outbound: {
    id: string;
    subject: string;
    message: RichText;
    sender: { firstName: string; profileImageUrl: string };
    config: {
      steps: Array<Record<string, unknown>>;
      successTitle: string;
      successMessage: RichText;
      color?: string;
    };
  };
}

/** One entry of an `update` push's `a` (spec §3 "Outbound action object"). */
export interface OutboundAction {
  /** notification, banner, modal, tour, or for a survey the form id to show. */
  actionType: string;
  format?: string;
  data: Record<string, unknown>;
  outbound: string;
  pageFilter: string;
  pageFilterType: string;
  /** Notifications only: the client keeps unread ones for an hour after this. */
  createdAt?: string;
  sound?: boolean;
}
