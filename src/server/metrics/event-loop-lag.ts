import type { MetricsRegistry } from "./metrics-registry.ts";

/** Seconds: a request waits this long for the event loop before its handler starts. */
const lagBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** How late a timer due at `dueAt` ran at `ranAt` (milliseconds of `performance.now()`), in seconds. */
export const lagSeconds = (dueAt: number, ranAt: number): number => Math.max(0, ranAt - dueAt) / 1000;

/**
 * The event loop's lag: a timer every `everyMs` notes how late it ran, which is how long a request
 * arriving then would have waited for the loop (a fold, a collection, a long handler) before anything
 * of it ran. A tail of the answers' latency that their handlers do not explain shows here. The timer
 * never keeps the process alive. Answers how to stop it.
 */
export function watchEventLoopLag(
  registry: MetricsRegistry,
  { everyMs = 20, now = () => performance.now() }: { everyMs?: number; now?: () => number } = {},
): () => void {
  const lag = registry
    .histogram({
      name: "gleam_event_loop_lag_seconds",
      help: `How late a timer set every ${everyMs} ms ran: what a request arriving then waited for the event loop.`,
      buckets: lagBuckets,
    })
    .labels();
  let dueAt = now() + everyMs;
  const timer = setInterval(() => {
    const ranAt = now();
    lag.observe(lagSeconds(dueAt, ranAt));
    dueAt = ranAt + everyMs;
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
