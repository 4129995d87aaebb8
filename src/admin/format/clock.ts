import { useSyncExternalStore } from "react";

/**
 * One shared clock for every "… ago" on the page, so relative times move on while a screen stays
 * open. It ticks only while something shows such a time.
 */
export const clockTickMs = 15_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, clockTickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The shared time, at most one tick old. It changes only when stale, so React reads the same value
 * throughout a render, as `useSyncExternalStore` requires.
 */
function snapshot(): number {
  if (Date.now() - now >= clockTickMs) now = Date.now();
  return now;
}

/** The current time, re-read every {@link clockTickMs} while the component is mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
