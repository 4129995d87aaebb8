import { type DialogState, openDialog } from "./dialog-store.ts";

/**
 * A yes/cancel question in the dialog layer before a consequential action (ban, enable, delete).
 * Texts are already translated (or message ids); the backdrop only cancels.
 */
export function confirmAction(options: {
  heading: string;
  body?: string;
  confirmLabel: string;
  /** The label of the choice that does nothing; "Cancel" unless given. */
  cancelLabel?: string;
  type?: DialogState["type"];
  /** May return a promise: the dialog stays open and busy until it settles. */
  onConfirm: () => unknown;
}): void {
  openDialog({
    type: options.type ?? "warning",
    heading: options.heading,
    body: options.body ?? "",
    primaryBtn: { label: options.confirmLabel, action: options.onConfirm },
    secondaryBtn: { label: options.cancelLabel ?? "confirm.cancel" },
  });
}

/**
 * Asks before unsaved changes are thrown away by leaving the screen. A danger dialog, so the focus
 * (and Enter) starts on "Keep editing"; the backdrop and Escape keep editing too.
 */
export function confirmDiscardChanges(onDiscard: () => void): void {
  confirmAction({
    type: "danger",
    heading: "unsaved.heading",
    body: "unsaved.body",
    confirmLabel: "unsaved.discard",
    cancelLabel: "unsaved.keep",
    onConfirm: onDiscard,
  });
}
