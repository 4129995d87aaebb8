/**
 * A background pass that never runs twice at once: a call while one is under way answers 0 at once
 * (after `onBusy`, which may ask the running pass to go round again). `settled` lets a stop wait for
 * the pass under way, so it is not cut off by the database closing.
 */
export function onePassAtATime(pass: () => Promise<number>, onBusy?: () => void) {
  let running = false;
  let current: Promise<number> | null = null;
  return {
    run(): Promise<number> {
      if (running) {
        onBusy?.();
        return Promise.resolve(0);
      }
      running = true;
      current = pass().finally(() => {
        running = false;
      });
      return current;
    },
    async settled(): Promise<void> {
      await current?.catch(() => 0);
    },
  };
}
