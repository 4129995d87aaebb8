import { useMemo } from "react";
import { getIntl, useT } from "../i18n/intl.ts";
import { abbreviateNumber } from "./abbreviate-number.ts";
import { useNow } from "./clock.ts";
import { formatDate, formatDateTime } from "./format-date.ts";
import { type DurationValues, durationSince, relativeTime } from "./relative-time.ts";

export interface Formatters {
  /** 1.5K, 2M… with the locale's decimal separator (spec §9). */
  abbreviate(value: number): string;
  /** "3 hours ago" / "vor 3 Stunden", "yesterday" / "gestern", or "Just created" under a second. */
  ago(value: string | Date): string;
  /** "Monday, 5 January 2025" / "Montag, 5. Januar 2025". */
  date(value: string | Date): string;
  /** The date with the time of day, 24 hours. */
  dateTime(value: string | Date): string;
  /** How long since `value`, for a message that says it in a sentence ("Seit 8 Minuten live"). */
  since(value: string | Date): DurationValues;
}

/**
 * The pure formatters of src/admin/format bound to the current language: dates with the language's
 * weekday and month names (format-date.ts), numbers with its separators. Relative times come from
 * the platform's own `Intl.RelativeTimeFormat` (through @formatjs/intl) and move on with the shared
 * clock, so a screen left open does not say "2 minutes ago" for an hour.
 */
export function useFormatters(): Formatters {
  const { t, locale } = useT();
  const now = useNow();
  return useMemo(
    () => ({
      abbreviate: (value) => abbreviateNumber(value, locale === "de" ? "," : "."),
      ago: (value) => {
        const time = relativeTime(value, now);
        if (!time) return t("time.justCreated");
        return getIntl(locale).formatRelativeTime(-time.count, time.unit, { numeric: "auto" });
      },
      date: (value) => formatDate(value, locale),
      dateTime: (value) => formatDateTime(value, locale),
      since: (value) => durationSince(value, now),
    }),
    [t, locale, now],
  );
}
