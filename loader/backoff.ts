/** Seconds before session-start attempt `n` (1-based) is retried after a failure: 10·n² (spec §4). */
export function sessionRetryDelayMs(attempt: number): number {
  return 10_000 * attempt * attempt;
}
