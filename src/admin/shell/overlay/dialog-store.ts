import { proxy, ref } from "valtio";
import { showToast } from "./toast-store.ts";

export interface DialogButton {
  label: string;
  /** May return a promise: the dialog then stays open, its buttons disabled, until it settles. */
  action?: () => unknown;
}

/** The modal dialog layer (spec §3). Buttons keep their functions by reference, not proxied. */
export interface DialogState {
  show: boolean;
  type: "info" | "warning" | "danger";
  heading: string;
  body: string;
  triggerPrimaryActionOnBackdropClick: boolean;
  primaryBtn: DialogButton | null;
  secondaryBtn: DialogButton | null;
  /** An async action is running: a second click (a second DELETE) is not possible. */
  busy: boolean;
}

const closed: DialogState = {
  show: false,
  type: "info",
  heading: "",
  body: "",
  triggerPrimaryActionOnBackdropClick: false,
  primaryBtn: null,
  secondaryBtn: null,
  busy: false,
};

export const dialogState = proxy<DialogState>({ ...closed });

export function openDialog(dialog: Partial<Omit<DialogState, "show" | "busy">> & { heading: string }): void {
  Object.assign(dialogState, closed, dialog, {
    show: true,
    primaryBtn: dialog.primaryBtn ? ref({ ...dialog.primaryBtn }) : null,
    secondaryBtn: dialog.secondaryBtn ? ref({ ...dialog.secondaryBtn }) : null,
  });
}

export function closeDialog(): void {
  Object.assign(dialogState, closed);
}

/**
 * Spec §4: clicking a button runs its action, then closes the dialog. An action that fails (at once or
 * later) becomes an error toast instead of an unhandled error; the dialog closes either way.
 */
export async function clickDialogButton(which: "primary" | "secondary"): Promise<void> {
  if (dialogState.busy) return;
  const button = which === "primary" ? dialogState.primaryBtn : dialogState.secondaryBtn;
  try {
    const result = button?.action?.();
    if (result instanceof Promise) {
      dialogState.busy = true;
      await result;
    }
  } catch (error) {
    showToast({ type: "error", heading: "toast.error", body: error instanceof Error ? error.message : "" });
  } finally {
    closeDialog();
  }
}

/** Spec §4: the backdrop runs the primary action only when the dialog asks for it; it always closes. */
export function clickDialogBackdrop(): void {
  if (dialogState.busy) return;
  if (dialogState.triggerPrimaryActionOnBackdropClick) void clickDialogButton("primary");
  else closeDialog();
}
