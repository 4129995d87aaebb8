import { proxy } from "valtio";

/** Spec §9 timings of the top loading bar. */
export const loadingBarTiming = { throttleMs: 200, durationMs: 2000, hideMs: 500, resetMs: 400 } as const;

export interface LoadingBarState {
  /** 0..100; the CSS transition over `durationMs` makes the creep smooth. */
  progress: number;
  visible: boolean;
  error: boolean;
}

export const loadingBarState = proxy<LoadingBarState>({ progress: 0, visible: false, error: false });

let pending = 0;
let failed = false;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A load began. The bar appears only after the throttle, so quick requests never flash it; several
 * loads at once share one bar.
 */
export function startLoading(): void {
  pending += 1;
  if (pending > 1) return;
  failed = false;
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
  clearTimeout(showTimer);
  showTimer = setTimeout(() => {
    loadingBarState.error = false;
    loadingBarState.visible = true;
    loadingBarState.progress = 90;
  }, loadingBarTiming.throttleMs);
}

/** A load ended; `error` turns the bar to the error colour (spec §4). */
export function finishLoading(error = false): void {
  if (pending === 0) return;
  pending -= 1;
  failed ||= error;
  if (pending > 0) return;
  clearTimeout(showTimer);
  if (!loadingBarState.visible && !failed) return;
  loadingBarState.visible = true;
  loadingBarState.error = failed;
  loadingBarState.progress = 100;
  hideTimer = setTimeout(() => {
    loadingBarState.visible = false;
    resetTimer = setTimeout(() => {
      loadingBarState.progress = 0;
      loadingBarState.error = false;
    }, loadingBarTiming.resetMs);
  }, loadingBarTiming.hideMs);
}
