import { authoredGuideError } from "../../shared/guide-authoring-api.ts";
import { type AdminOutbound, type Audience, OutboundWrite } from "../../shared/inbox-api.ts";
import { outboundConfigError } from "../../shared/outbound-api.ts";
import type { PageFilterType } from "../../shared/page-filter.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { type BannerConfigState, bannerConfig } from "./banner-config.ts";
import { type ChecklistConfigState, checklistConfig } from "./checklist-config.ts";
import type { ConfigModel } from "./config-model.ts";
import { type ModalConfigState, modalConfig } from "./modal-config.ts";
import { type NotificationConfigState, notificationConfig } from "./notification-config.ts";
import {
  noTranslationTexts,
  readTranslations,
  type TranslationTexts,
  textSlots,
  writeTranslations,
} from "./outbound-translations.ts";
import {
  type ScheduleState,
  scheduledTypes,
  scheduleFromRecord,
  scheduleRequest,
  scheduleRules,
  unscheduled,
} from "./schedule-state.ts";
import { type TourConfigState, tourConfig } from "./tour-config.ts";

/** The outbound kinds edited with the generic shell, and the state of each one's config. */
export interface OutboundConfigStates {
  banner: BannerConfigState;
  modal: ModalConfigState;
  notification: NotificationConfigState;
  checklist: ChecklistConfigState;
  tour: TourConfigState;
}
export type EditedOutboundType = keyof OutboundConfigStates;

export const configModels: { [T in EditedOutboundType]: ConfigModel<OutboundConfigStates[T]> } = {
  banner: bannerConfig,
  modal: modalConfig,
  notification: notificationConfig,
  checklist: checklistConfig,
  tour: tourConfig,
};

/** Where and to whom content shows: shared by every kind (tooltips have pages only). */
export interface TargetingState {
  pageFilterType: PageFilterType | "";
  pageFilter: string;
  audience: Audience;
}

export const everywhere: TargetingState = { pageFilterType: "", pageFilter: "", audience: "all" };

/** The generic editor's state: name, targeting and schedule, and the kind's own config. */
export interface OutboundFormState<T extends EditedOutboundType = EditedOutboundType> extends TargetingState {
  type: T;
  name: string;
  config: OutboundConfigStates[T];
  /** Priority, frequency, start and end: edited and sent for the kinds in `scheduledTypes`. */
  schedule: ScheduleState;
  /** The config as stored (empty for a new one): keys the form does not show are written back. */
  original: Record<string, unknown>;
  /** The content's texts in the widget's other languages (outbound-translations.ts). */
  translations: TranslationTexts;
}

export function emptyOutboundForm<T extends EditedOutboundType>(type: T): OutboundFormState<T> {
  return {
    type,
    name: "",
    ...everywhere,
    config: configModels[type].empty,
    schedule: unscheduled,
    original: {},
    translations: noTranslationTexts(),
  };
}

export function outboundFormFromRecord<T extends EditedOutboundType>(
  type: T,
  outbound: AdminOutbound,
): OutboundFormState<T> {
  const config = configModels[type].read(outbound.config);
  return {
    type,
    name: outbound.name,
    pageFilterType: (outbound.pageFilterType || "") as TargetingState["pageFilterType"],
    pageFilter: outbound.pageFilter,
    audience: outbound.audience ?? "all",
    config,
    schedule: scheduleFromRecord(outbound),
    original: outbound.config,
    translations: readTranslations(outbound.config, textSlots(type, config)),
  };
}

/** A filter needs both halves: a type without a value (or the reverse) would match every page. */
export function targetingRules(
  state: { pageFilterType: string; pageFilter: string },
  prefix = "",
): FieldErrors {
  if (state.pageFilterType && !state.pageFilter.trim())
    return { [`${prefix}pageFilter`]: "pageFilter is required" };
  if (!state.pageFilterType && state.pageFilter.trim())
    return { [`${prefix}pageFilterType`]: "pageFilterType is required" };
  return {};
}

/** Drops keys whose value is undefined, as JSON would: what is validated is what is sent. */
const plain = (value: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** The body of `POST /outbounds` and `PUT /outbounds/{id}` (a full replacement). */
export function outboundRequestFromForm<T extends EditedOutboundType>(
  state: OutboundFormState<T>,
): OutboundWrite {
  const model = configModels[state.type] as ConfigModel<OutboundConfigStates[T]>;
  return {
    type: state.type,
    name: state.name.trim(),
    config: plain({
      ...model.write(state.config, state.original),
      translations: writeTranslations(state.translations, textSlots(state.type, state.config)),
    }),
    pageFilter: state.pageFilterType ? state.pageFilter.trim() : "",
    pageFilterType: state.pageFilterType,
    audience: state.audience,
    ...(scheduledTypes.has(state.type) ? scheduleRequest(state.schedule) : {}),
  };
}

/**
 * Every field error: the shared request schema, then the kind's config schema (the server checks both),
 * then what the kind's form adds (content.rule.* message ids or "{field} is required").
 */
export function validateOutboundForm<T extends EditedOutboundType>(state: OutboundFormState<T>): FieldErrors {
  const body = outboundRequestFromForm(state);
  const errors: FieldErrors = {
    ...fieldErrors(body, OutboundWrite),
    ...targetingRules(state),
    ...(scheduledTypes.has(state.type) ? scheduleRules(state.schedule) : {}),
  };
  const configError =
    outboundConfigError(state.type, body.config) ?? authoredGuideError(state.type, body.config);
  if (configError) {
    for (const failure of configError.failures()) {
      const path = ["config", ...failure.path].join(".");
      errors[path] ??= failure.message;
    }
  }
  const model = configModels[state.type] as ConfigModel<OutboundConfigStates[T]>;
  // The kind's own words win where both speak of a field ("Add at least one step" over a length).
  return { ...errors, ...model.rules(state.config) };
}
