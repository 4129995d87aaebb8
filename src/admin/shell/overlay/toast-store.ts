import { proxy } from "valtio";

export const toastTypes = ["success", "error", "warning", "info"] as const;
export type ToastType = (typeof toastTypes)[number];

/** The one bottom-right message (spec §3 "Toast: show, type, heading, body"). */
export interface ToastState {
  show: boolean;
  type: ToastType;
  heading: string;
  body: string;
  /** A link to what the toast is about (an alert's report or conversation); empty for none. */
  link: { href: string; label: string } | null;
}

/** Spec §9: a toast hides by itself after 5 s. */
export const toastHideMs = 5000;

export const toastState = proxy<ToastState>({ show: false, type: "info", heading: "", body: "", link: null });

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast; an unknown type falls back to info (spec §4). A newer toast restarts the 5 s. */
export function showToast(toast: {
  type?: string;
  heading: string;
  body?: string;
  link?: { href: string; label: string };
}): void {
  toastState.type = (toastTypes as readonly string[]).includes(toast.type ?? "")
    ? (toast.type as ToastType)
    : "info";
  toastState.heading = toast.heading;
  toastState.body = toast.body ?? "";
  toastState.link = toast.link ?? null;
  toastState.show = true;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hideToast, toastHideMs);
}

export function hideToast(): void {
  clearTimeout(hideTimer);
  toastState.show = false;
}
