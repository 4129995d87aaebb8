/**
 * Polls `condition` every `everyMs` until it holds, and throws once `ms` have passed without it: the
 * wait of a test whose subject is something a background task does a little later.
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  ms: number,
  everyMs = 50,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`the condition did not hold within ${ms} ms`);
    await Bun.sleep(everyMs);
  }
}
