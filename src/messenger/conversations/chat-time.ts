/**
 * Dates in a chat: a clock time under each group of messages ("14:03", "2:03 PM") and a separator per
 * day ("Today", "Yesterday", "Tuesday", "3 March", "3 March 2025"), in the messenger's language and
 * the visitor's time zone, through the browser's `Intl` (no library).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(lang, options);
    } catch {
      found = new Intl.DateTimeFormat("en", options);
    }
    formats.set(key, found);
  }
  return found;
}

/** "14:03" or "2:03 PM", as the language writes a clock time. */
export function clockTime(lang: string, date: string | number | Date): string {
  const time = new Date(date);
  if (Number.isNaN(time.getTime())) return "";
  return format(lang, { hour: "numeric", minute: "2-digit" }).format(time);
}

/** The local calendar day of a date, as a sortable key ("2026-10-30"). */
export function dayKey(date: string | number | Date): string {
  const time = new Date(date);
  if (Number.isNaN(time.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

export type DayLabel = { kind: "today" } | { kind: "yesterday" } | { kind: "date"; text: string };

/** How a day separator reads: today, yesterday, a weekday within the week, else the date. */
export function dayLabel(lang: string, date: string | number | Date, now: Date = new Date()): DayLabel {
  const time = new Date(date);
  const startOf = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(time)) / 86_400_000);
  if (days === 0) return { kind: "today" };
  if (days === 1) return { kind: "yesterday" };
  if (days > 1 && days < 7) return { kind: "date", text: format(lang, { weekday: "long" }).format(time) };
  const sameYear = time.getFullYear() === now.getFullYear();
  return {
    kind: "date",
    text: format(
      lang,
      sameYear ? { day: "numeric", month: "long" } : { day: "numeric", month: "long", year: "numeric" },
    ).format(time),
  };
}

/** A full date and time for a tooltip and for screen readers ("Friday, 30 October 2026 at 14:03"). */
export function fullDateTime(lang: string, date: string | number | Date): string {
  const time = new Date(date);
  if (Number.isNaN(time.getTime())) return "";
  return format(lang, { dateStyle: "full", timeStyle: "short" }).format(time);
}
