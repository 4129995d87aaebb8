export interface CopilotClock {
  set(callback: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

/** What every part of a running co-pilot tour shares: its clock, whether it stopped, its undos. */
export interface CopilotRun {
  sleep(ms: number): Promise<void>;
  stopped(): boolean;
  /** Runs when the tour ends, in the order added. */
  onCleanup(cleanup: () => void): void;
}

export function createCopilotRun(clock: CopilotClock) {
  const timers = new Set<unknown>();
  const cleanups: Array<() => void> = [];
  let stopped = false;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const id = clock.set(() => {
          timers.delete(id);
          resolve();
        }, ms);
        timers.add(id);
      }),
    stopped: () => stopped,
    onCleanup(cleanup: () => void) {
      cleanups.push(cleanup);
    },
    stop() {
      stopped = true;
    },
    /** Runs the undos and clears the sleeps (a stopped tour's awaits never resume). */
    release() {
      for (const cleanup of cleanups.splice(0)) cleanup();
      for (const id of timers) clock.clear(id);
      timers.clear();
    },
  };
}
