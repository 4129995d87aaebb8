import { describe, expect, test } from "bun:test";
import { parseExposition, sampleValue } from "../test-support/prometheus-exposition.ts";
import { lagSeconds, watchEventLoopLag } from "./event-loop-lag.ts";
import { MetricsRegistry } from "./metrics-registry.ts";

describe("the event loop's lag", () => {
  test("a timer that ran late counts the delay; one early or on time counts none", () => {
    expect(lagSeconds(100, 130)).toBeCloseTo(0.03, 6);
    expect(lagSeconds(100, 100)).toBe(0);
    expect(lagSeconds(100, 99)).toBe(0);
  });

  test("a loop held for 60 ms shows as a timer late by 50 ms or more in the histogram", async () => {
    const registry = new MetricsRegistry();
    const stop = watchEventLoopLag(registry, { everyMs: 5 });
    try {
      await Bun.sleep(30);
      const heldUntil = performance.now() + 60;
      while (performance.now() < heldUntil) {
        // The loop is busy, as a long fold or handler holds it.
      }
      await Bun.sleep(30);
      const families = parseExposition(await registry.expose());
      const count = sampleValue(families, "gleam_event_loop_lag_seconds_count", {}) ?? 0;
      const under50ms = sampleValue(families, "gleam_event_loop_lag_seconds_bucket", { le: "0.05" }) ?? 0;
      expect(count).toBeGreaterThan(3);
      // The timer that waited for the busy loop ran 50 ms or more late (a busy machine may add others).
      expect(count - under50ms).toBeGreaterThanOrEqual(1);
      expect(sampleValue(families, "gleam_event_loop_lag_seconds_sum", {}) ?? 0).toBeGreaterThan(0.04);
    } finally {
      stop();
    }
  });
});
