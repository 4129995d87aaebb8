/**
 * Holds the host calls that need a session (identify, open, startFeedbackFlow, …) made before the SDK
 * is ready, and lets them through in the order they were made once it is: a host may call them right
 * after `initialize`, or in the snippet's queue, long before the session and config have arrived.
 * `wait` answers true then, or false when `clear` (on `destroy`) dropped the call; `check` is called
 * whenever readiness may have changed.
 */
export function createReadyGate(isReady: () => boolean) {
  const waiters: Array<(ready: boolean) => void> = [];
  return {
    wait(): Promise<boolean> {
      if (isReady()) return Promise.resolve(true);
      return new Promise((resolve) => waiters.push(resolve));
    },
    check() {
      if (!isReady()) return;
      // Resolved in order, so the calls continue in the order the host made them.
      for (const resolve of waiters.splice(0)) resolve(true);
    },
    clear() {
      for (const resolve of waiters.splice(0)) resolve(false);
    },
  };
}

export type ReadyGate = ReturnType<typeof createReadyGate>;
