import type { MessageId } from "../i18n/en-US.ts";

/** A report status's label, or null for a status this admin build does not know (shown as it is). */
export function statusLabel(status: string): MessageId | null {
  switch (status) {
    case "OPEN":
      return "inbox.status.OPEN";
    case "IN_PROGRESS":
      return "inbox.status.IN_PROGRESS";
    case "DONE":
      return "inbox.status.DONE";
    case "ARCHIVED":
      return "inbox.status.ARCHIVED";
    case "SPAM":
      return "inbox.status.SPAM";
    default:
      return null;
  }
}

export function priorityLabel(priority: string): MessageId | null {
  switch (priority) {
    case "LOW":
      return "inbox.priority.LOW";
    case "MEDIUM":
      return "inbox.priority.MEDIUM";
    case "HIGH":
      return "inbox.priority.HIGH";
    case "CRITICAL":
      return "inbox.priority.CRITICAL";
    default:
      return null;
  }
}

export function typeLabel(type: string): MessageId | null {
  switch (type) {
    case "BUG":
      return "inbox.type.BUG";
    case "FEATURE_REQUEST":
      return "inbox.type.FEATURE_REQUEST";
    case "INQUIRY":
      return "inbox.type.INQUIRY";
    case "CRASH":
      return "inbox.type.CRASH";
    default:
      return null;
  }
}

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
