import { type TaskKind, taskKinds } from "../../shared/challenges-api.ts";
import { reportErrors } from "../../shared/reports-api.ts";
import type { MessageId } from "../i18n/en-US.ts";

export function isTaskKind(kind: string): kind is TaskKind {
  return (taskKinds as readonly string[]).includes(kind);
}

/** The label of a task kind; null for a kind this admin does not know (shown as it is). */
export function taskKindLabel(kind: string): MessageId | null {
  return isTaskKind(kind) ? `report.taskKind.${kind}` : null;
}

/**
 * The server messages a report screen can get, as message ids, so they read in the admin's language
 * without entries in the shared server-error catalogue. "MCQ Not Found" and "Coding Challenge Not Found"
 * are the tasks API's kind-specific reads (spec §8; src/server/platform-api/challenges/tasks-routes.ts).
 */
const serverMessageIds: Record<string, MessageId> = {
  [reportErrors.alreadyResolved]: "report.error.alreadyResolved",
  [reportErrors.reportNotFound]: "report.notFound",
  [reportErrors.noReporter]: "report.error.noReporter",
  [reportErrors.noCreator]: "report.error.noCreator",
  [reportErrors.taskNotFound]: "report.error.taskNotFound",
  "MCQ Not Found": "report.error.mcqNotFound",
  "Coding Challenge Not Found": "report.error.codingNotFound",
};

/** A server message as a message id when it is a known one, else the message itself (for `translate`). */
export function reportServerText(message: string): string {
  return serverMessageIds[message] ?? message;
}

export interface FailureToast {
  heading: string;
  body: string;
  /** The report changed under the screen (resolved or removed elsewhere): it should load it again. */
  stale: boolean;
}

/**
 * The toast for a refused resolution. "Report Already Resolved" (spec §4: a second resolution is an
 * error; another admin may have been faster) is the heading itself, as is "Report Not Found"; anything
 * else is a generic heading over the server's reason.
 */
export function resolutionFailureToast(message: string): FailureToast {
  if (message === reportErrors.alreadyResolved) {
    return { heading: "report.error.alreadyResolved", body: "report.error.alreadyResolvedHint", stale: true };
  }
  if (message === reportErrors.reportNotFound) {
    return { heading: "report.notFound", body: "report.notFoundHint", stale: true };
  }
  return { heading: "toast.error", body: reportServerText(message), stale: false };
}
