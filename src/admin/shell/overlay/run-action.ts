import { apiErrorMessage } from "../../api/api-error.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { showToast } from "./toast-store.ts";

/** The error toast of a failed action (message ids or words), and whether the screen is out of date. */
export interface ActionFailure {
  heading: string;
  body: string;
  /** The record changed elsewhere (another admin was faster): the screen should load it again. */
  reload?: boolean;
}

/** The toast of a done action: message ids (they follow the language) or words already translated. */
export interface DoneToast {
  /** A warning when the action went through only in part (some users skipped). */
  type?: "success" | "warning";
  heading: string;
  body?: string;
}

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; reload: boolean };

/** The failure toast most areas show: a generic heading over the server's reason. */
function serverReason(failure: unknown): ActionFailure {
  return { heading: "toast.error", body: apiErrorMessage(failure) };
}

/**
 * Runs one admin action (a delete, a ban, a resolution): a success toast from `done` (a message id, or
 * a toast, also one made from the answer: "3 users banned"), or an error toast from `failed`, which an
 * area gives to read its own refusals (the skills catalogue, "Report Already Resolved" as the
 * heading). Answers the call's value, or whether the screen should load its record again.
 */
export async function runAction<T>(
  call: () => Promise<T>,
  done: MessageId | DoneToast | ((value: T) => DoneToast),
  failed: (failure: unknown) => ActionFailure = serverReason,
): Promise<ActionOutcome<T>> {
  try {
    const value = await call();
    const toast =
      typeof done === "function" ? done(value) : typeof done === "string" ? { heading: done } : done;
    showToast({ ...toast, type: toast.type ?? "success" });
    return { ok: true, value };
  } catch (failure) {
    const { heading, body, reload = false } = failed(failure);
    showToast({ type: "error", heading, body });
    return { ok: false, reload };
  }
}
