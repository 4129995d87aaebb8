import { expect, test } from "bun:test";
import { defaultWebhookBackoff, nextAttemptAt, retryDelayMs } from "./webhook-backoff.ts";

test("the wait doubles from the base with each failure, up to the cap", () => {
  const backoff = { baseMs: 1000, maxDelayMs: 10_000, giveUpAfterMs: 60_000 };
  expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(attempts, backoff))).toEqual([
    1000, 2000, 4000, 8000, 10_000, 10_000,
  ]);
  // Nonsense counts stay finite and at least the base.
  expect(retryDelayMs(0, backoff)).toBe(1000);
  expect(retryDelayMs(10_000, backoff)).toBe(10_000);
});

test("the defaults: 30 s, then doubling, hourly at most, and about thirty tries within 24 hours", () => {
  expect(retryDelayMs(1, defaultWebhookBackoff)).toBe(30_000);
  expect(retryDelayMs(2, defaultWebhookBackoff)).toBe(60_000);
  expect(retryDelayMs(20, defaultWebhookBackoff)).toBe(3_600_000);
  const created = new Date("2026-11-23T00:00:00.000Z");
  let now = created;
  let attempts = 0;
  for (;;) {
    attempts++;
    const next = nextAttemptAt(created, attempts, now, defaultWebhookBackoff);
    if (!next) break;
    now = next;
  }
  expect(now.getTime() - created.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
  expect(now.getTime() - created.getTime()).toBeGreaterThan(23 * 3_600_000);
  expect(attempts).toBeGreaterThan(25);
  expect(attempts).toBeLessThan(35);
});

test("no next try past the give-up time", () => {
  const backoff = { baseMs: 1000, maxDelayMs: 60_000, giveUpAfterMs: 5000 };
  const created = new Date(0);
  expect(nextAttemptAt(created, 1, new Date(1000), backoff)).toEqual(new Date(2000));
  expect(nextAttemptAt(created, 3, new Date(1000), backoff)).toEqual(new Date(5000));
  expect(nextAttemptAt(created, 3, new Date(1001), backoff)).toBeNull();
});
