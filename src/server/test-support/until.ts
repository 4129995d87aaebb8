/** How often `until` looks again, and what it waits for as its timeout names it. */
export interface UntilOptions {
  everyMs?: number;
  what?: string;
}

/**
 * Polls `condition` every `everyMs` (50 unless told) until it holds, and throws once `ms` have passed
 * without it: the wait of a test whose subject is something a background task does a little later.
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  ms: number,
  { everyMs = 50, what = "the condition" }: UntilOptions = {},
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await Bun.sleep(everyMs);
  }
}
