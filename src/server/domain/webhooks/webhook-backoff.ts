/**
 * When a failed delivery is tried again: the wait doubles from `baseMs` with each failed attempt, up
 * to `maxDelayMs`, and nothing is tried once the delivery is older than `giveUpAfterMs`. With the
 * defaults that is 30 s, 1 min, 2 min, … then hourly, about thirty tries in 24 hours. Tests shrink
 * the base to run in milliseconds.
 */
export interface WebhookBackoff {
  baseMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

export const defaultWebhookBackoff: WebhookBackoff = {
  baseMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** The wait after the `attempts`-th failed try (1 for the first). */
export function retryDelayMs(attempts: number, backoff: WebhookBackoff): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(backoff.baseMs * 2 ** exponent, backoff.maxDelayMs);
}

/**
 * When to try a delivery made at `createdAt` again after its `attempts`-th failure at `now`, or null
 * when that would fall past its last moment (it is then failed for good).
 */
export function nextAttemptAt(
  createdAt: Date,
  attempts: number,
  now: Date,
  backoff: WebhookBackoff,
): Date | null {
  const next = now.getTime() + retryDelayMs(attempts, backoff);
  return next > createdAt.getTime() + backoff.giveUpAfterMs ? null : new Date(next);
}
