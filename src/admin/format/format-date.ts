import type { Locale } from "../i18n/locale-store.ts";

/**
 * Dates in the admin's language, through the platform's `Intl.DateTimeFormat`: "Monday, 5 January
 * 2025, 14:03" in English, "Montag, 5. Januar 2025, 14:03" in German, local time, 24 hours. The
 * English interface keeps the spec's order (day before month, spec §9), which is `Intl`'s for the
 * British variant of English; every other locale writes dates as its own speakers do.
 */

/** The `Intl` locale an interface locale writes its dates in. */
const dateLocales: Record<Locale, string> = { "en-US": "en-GB", de: "de" };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: Locale, part: "date" | "time"): Intl.DateTimeFormat {
  const key = `${locale}|${part}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      dateLocales[locale],
      part === "date"
        ? { weekday: "long", day: "numeric", month: "long", year: "numeric" }
        : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    );
    formats.set(key, format);
  }
  return format;
}

const readable = (value: Date | string | number): Date | null => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Monday, 5 January 2025, 14:03" / "Montag, 5. Januar 2025, 14:03"; an unreadable date comes back as given. */
export function formatDateTime(value: Date | string | number, locale: Locale): string {
  const date = readable(value);
  if (!date) return String(value);
  return `${formatOf(locale, "date").format(date)}, ${formatOf(locale, "time").format(date)}`;
}

/** "Monday, 5 January 2025" / "Montag, 5. Januar 2025". */
export function formatDate(value: Date | string | number, locale: Locale): string {
  const date = readable(value);
  return date ? formatOf(locale, "date").format(date) : String(value);
}
