import { type DialogState, openDialog } from "./dialog-store.ts";

/**
 * A yes/cancel question in the dialog layer before a consequential action (ban, enable, delete).
 * Texts are already translated (or message ids); the backdrop only cancels.
 */
export function confirmAction(options: {
  heading: string;
  body?: string;
  confirmLabel: string;
  type?: DialogState["type"];
  /** May return a promise: the dialog stays open and busy until it settles. */
  onConfirm: () => unknown;
}): void {
  openDialog({
    type: options.type ?? "warning",
    heading: options.heading,
    body: options.body ?? "",
    primaryBtn: { label: options.confirmLabel, action: options.onConfirm },
    secondaryBtn: { label: "confirm.cancel" },
  });
}
