/** The error a {@link withinMs} bound rejects with: the work took longer than it was given. */
export class TimeBoundExceeded extends Error {
  override name = "TimeBoundExceeded";
}

/**
 * `work`, or a rejection once `ms` passed first. The work itself is not stopped (a hung connection
 * cannot be), only no longer waited for; its own failure after the bound is swallowed.
 */
export function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeBoundExceeded(`${what} did not answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
