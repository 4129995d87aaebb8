export type Timer = ReturnType<typeof setTimeout>;

/** Timeouts that can all be cleared at once when the widget goes. */
export function createTimers() {
  const timers = new Set<Timer>();
  return {
    later(ms: number, run: () => void): Timer {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
      return timer;
    },
    cancel(timer: Timer | null) {
      if (timer === null) return;
      clearTimeout(timer);
      timers.delete(timer);
    },
    clearAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Timers = ReturnType<typeof createTimers>;
