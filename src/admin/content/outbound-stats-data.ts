import type { OutboundKind } from "../../shared/inbox-api.ts";
import type { OutboundEventKind } from "../../shared/outbound-api.ts";
import type { OutboundStatsDay } from "../../shared/outbound-stats-api.ts";

/** One day's column of a stats sparkline: the count and its height against the series' largest day (0–1). */
export interface SparkColumn {
  day: string;
  count: number;
  scale: number;
}

/** The days of one kind as sparkline columns, oldest first; a series of zeros stays flat. */
export function sparkColumns(days: readonly OutboundStatsDay[], kind: OutboundEventKind): SparkColumn[] {
  const largest = Math.max(0, ...days.map((day) => day[kind]));
  return days.map((day) => ({
    day: day.day,
    count: day[kind],
    scale: largest > 0 ? day[kind] / largest : 0,
  }));
}

/** What "completed" means for the kind: a survey is answered, the rest are completed. */
export function completedLabelKey(type: OutboundKind): "content.stats.answered" | "content.stats.completed" {
  return type === "survey" ? "content.stats.answered" : "content.stats.completed";
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * A stats day (`YYYY-MM-DD`, a UTC day as the server counts them) as "Tue 19 May": English names
 * whatever the interface language (spec §9), read in UTC so no time zone moves it to the day before.
 */
export function statsDayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${months[date.getUTCMonth()]}`;
}

/** The days with anything acknowledged, newest first: the per-day table leaves the empty ones out. */
export function activeDaysNewestFirst(days: readonly OutboundStatsDay[]): OutboundStatsDay[] {
  return days.filter((day) => day.shown + day.opened + day.completed + day.closed > 0).reverse();
}
