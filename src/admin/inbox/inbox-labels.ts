import { reportPriorities } from "../../shared/feedback-api.ts";
import { reportStatuses } from "../../shared/inbox-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { inboxReportTypes } from "./inbox-list-query.ts";

/**
 * The label of `value` under `prefix` when it is one of `known`, or null for one this admin build does
 * not know (shown as it is).
 */
function knownLabel<T extends string, P extends string>(known: readonly T[], prefix: P) {
  return (value: string): `${P}.${T}` | null =>
    (known as readonly string[]).includes(value) ? (`${prefix}.${value}` as `${P}.${T}`) : null;
}

/** A report status's label. */
export const statusLabel: (status: string) => MessageId | null = knownLabel(reportStatuses, "inbox.status");

export const priorityLabel: (priority: string) => MessageId | null = knownLabel(
  reportPriorities,
  "inbox.priority",
);

export const typeLabel: (type: string) => MessageId | null = knownLabel(inboxReportTypes, "inbox.type");

/** The badge colour of a status: open work stands out, finished work recedes. */
export function statusTone(status: string): string {
  if (status === "OPEN") return "badge-info";
  if (status === "IN_PROGRESS") return "badge-warning";
  if (status === "DONE") return "badge-success";
  // Spam is set aside, not finished: it reads as a warning wherever it is shown (the Spam view).
  if (status === "SPAM") return "badge-danger";
  return "badge-muted";
}

export function priorityTone(priority: string): string {
  if (priority === "CRITICAL" || priority === "HIGH") return "badge-danger";
  if (priority === "MEDIUM") return "badge-warning";
  return "badge-muted";
}
