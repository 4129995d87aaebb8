import { proxy, ref } from "valtio";

export interface DialogButton {
  label: string;
  action?: () => void;
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
}

const closed: DialogState = {
  show: false,
  type: "info",
  heading: "",
  body: "",
  triggerPrimaryActionOnBackdropClick: false,
  primaryBtn: null,
  secondaryBtn: null,
};

export const dialogState = proxy<DialogState>({ ...closed });

export function openDialog(dialog: Partial<Omit<DialogState, "show">> & { heading: string }): void {
  Object.assign(dialogState, closed, dialog, {
    show: true,
    primaryBtn: dialog.primaryBtn ? ref({ ...dialog.primaryBtn }) : null,
    secondaryBtn: dialog.secondaryBtn ? ref({ ...dialog.secondaryBtn }) : null,
  });
}

export function closeDialog(): void {
  Object.assign(dialogState, closed);
}

/** Spec §4: clicking a button runs its action, then closes the dialog. */
export function clickDialogButton(which: "primary" | "secondary"): void {
  const button = which === "primary" ? dialogState.primaryBtn : dialogState.secondaryBtn;
  try {
    button?.action?.();
  } finally {
    closeDialog();
  }
}

/** Spec §4: the backdrop runs the primary action only when the dialog asks for it; it always closes. */
export function clickDialogBackdrop(): void {
  if (dialogState.triggerPrimaryActionOnBackdropClick) clickDialogButton("primary");
  else closeDialog();
}
