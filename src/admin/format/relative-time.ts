/** The units of a relative time, largest first, in seconds (month and year as 30 and 365 days). */
export const relativeTimeUnits = [
  { unit: "year", seconds: 31_536_000 },
  { unit: "month", seconds: 2_592_000 },
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
  { unit: "second", seconds: 1 },
] as const;

export type RelativeTimeUnit = (typeof relativeTimeUnits)[number]["unit"];

/** How long ago something happened in its largest whole unit, or `null` under one second ("Just created"). */
export type RelativeTime = { count: number; unit: RelativeTimeUnit } | null;

/** The time from `then` to `now`; a moment in the future (a skewed clock) counts as just now. */
export function relativeTime(then: Date | string | number, now: Date | number = Date.now()): RelativeTime {
  const elapsed = Math.floor((Number(new Date(now)) - Number(new Date(then))) / 1000);
  if (!Number.isFinite(elapsed)) return null;
  for (const { unit, seconds } of relativeTimeUnits) {
    const count = Math.floor(elapsed / seconds);
    if (count >= 1) return { count, unit };
  }
  return null;
}

/**
 * How long since `then`, as the values of a message that says it inside a sentence ("Live for
 * 8 minutes", "Seit 8 Minuten live"). `Intl.RelativeTimeFormat` only says when ("8 minutes ago",
 * "vor 8 Minuten"), which is wrong after "since" / "seit"; such a message selects on `unit` ("none"
 * under a second) and pluralises on `count` in its own words.
 */
export type DurationValues = { unit: RelativeTimeUnit | "none"; count: number };

export function durationSince(then: Date | string | number, now: Date | number = Date.now()): DurationValues {
  return relativeTime(then, now) ?? { unit: "none", count: 0 };
}
