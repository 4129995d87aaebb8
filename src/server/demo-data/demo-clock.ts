import type { Random } from "./random.ts";

/**
 * The fixed "now" of the demo data. Every generated date is relative to it, so a seed made today and one
 * made next year are the same rows; a dashboard opened later simply sees an older data set.
 */
export const demoEpoch = Date.parse("2026-11-01T00:00:00.000Z");

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Timestamps on whole seconds read like real ones. */
export const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/** A moment from `from` to `to` (milliseconds), on a whole second. */
export function between(random: Random, from: number, to: number): number {
  return wholeSecond(from + random.next() * Math.max(0, to - from));
}
