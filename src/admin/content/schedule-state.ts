import type { AdminOutbound, OutboundWrite } from "../../shared/inbox-api.ts";
import { type OutboundFrequency, outboundPriorityRange } from "../../shared/outbound-api.ts";
import type { FieldErrors } from "../shell/form/form-errors.ts";

/**
 * When, in which order and how often content reaches a visitor: its priority among the
 * takeovers waiting for the same slot, its frequency, and an optional start and end. The inputs'
 * own texts: a number box's text and `datetime-local` values in the admin's time zone ("" for none).
 */
export interface ScheduleState {
  priority: string;
  frequency: OutboundFrequency;
  startsAt: string;
  endsAt: string;
}

export const unscheduled: ScheduleState = { priority: "0", frequency: "once", startsAt: "", endsAt: "" };

/**
 * The kinds that queue or repeat: the takeovers (banners; modals, surveys and tours share the
 * modal-like slot) and notifications, which a visitor may get again per visit or until closed. A
 * checklist is not a pop-up that waits its turn or repeats: it stays with its progress until done.
 */
export const scheduledTypes: ReadonlySet<AdminOutbound["type"]> = new Set([
  "banner",
  "modal",
  "survey",
  "tour",
  "notification",
]);

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO time as a `datetime-local` value in this browser's time zone (minutes). */
export function localInputOf(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (this browser's time zone) as ISO; null for none or an unreadable one. */
export function isoOfLocalInput(value: string): string | null {
  if (value.trim() === "") return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function scheduleFromRecord(outbound: AdminOutbound | null): ScheduleState {
  if (!outbound) return unscheduled;
  return {
    priority: String(outbound.priority ?? 0),
    frequency: outbound.frequency ?? "once",
    startsAt: localInputOf(outbound.startsAt),
    endsAt: localInputOf(outbound.endsAt),
  };
}

const wholeNumber = /^-?\d+$/;

/** The write's delivery fields; a priority box left empty is the default 0. */
export function scheduleRequest(
  state: ScheduleState,
): Pick<OutboundWrite, "priority" | "frequency" | "startsAt" | "endsAt"> {
  const priority = state.priority.trim();
  return {
    priority: priority === "" ? 0 : wholeNumber.test(priority) ? Number(priority) : Number.NaN,
    frequency: state.frequency,
    startsAt: isoOfLocalInput(state.startsAt),
    endsAt: isoOfLocalInput(state.endsAt),
  };
}

/**
 * The rules the server also checks, in the admin's words: a whole number in range, and an end after
 * the start. `prefix` names the fields where a screen has them under another path (a delivery).
 */
export function scheduleRules(state: ScheduleState, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  const { priority, startsAt, endsAt } = scheduleRequest(state);
  if (
    priority === undefined ||
    !Number.isInteger(priority) ||
    priority < outboundPriorityRange.min ||
    priority > outboundPriorityRange.max
  )
    errors[`${prefix}priority`] = "content.rule.priority";
  if (state.startsAt.trim() && !startsAt) errors[`${prefix}startsAt`] = "content.rule.dateTime";
  if (state.endsAt.trim() && !endsAt) errors[`${prefix}endsAt`] = "content.rule.dateTime";
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    errors[`${prefix}endsAt`] = "content.rule.endsAfterStarts";
  return errors;
}
