/**
 * "5 minutes ago", "yesterday", "vor 3 Tagen", "منذ يومين": how long ago a date was, in the
 * messenger's language, through the browser's `Intl.RelativeTimeFormat` (no library).
 */
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

export function relativeTime(lang: string, date: string | Date, now: number = Date.now()): string {
  const time = typeof date === "string" ? Date.parse(date) : date.getTime();
  if (!Number.isFinite(time)) return "";
  let format = formats.get(lang);
  if (!format) {
    try {
      format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
    } catch {
      format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    }
    formats.set(lang, format);
  }
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  // Under a minute: "now" ("jetzt", "الآن").
  return format.format(0, "second");
}
