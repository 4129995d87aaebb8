import { describe, expect, test } from "bun:test";
import type { OutboundStatsDay } from "../../shared/outbound-stats-api.ts";
import {
  activeDaysNewestFirst,
  completedLabelKey,
  sparkColumns,
  statsDayLabel,
} from "./outbound-stats-data.ts";

const day = (name: string, shown: number, opened = 0, completed = 0, closed = 0): OutboundStatsDay => ({
  day: name,
  shown,
  opened,
  completed,
  closed,
});

describe("outbound stats data", () => {
  test("sparkline columns: each day against the series' largest, zeros flat", () => {
    const days = [day("2026-05-18", 2, 0), day("2026-05-19", 0, 0), day("2026-05-20", 4, 0)];
    expect(sparkColumns(days, "shown")).toEqual([
      { day: "2026-05-18", count: 2, scale: 0.5 },
      { day: "2026-05-19", count: 0, scale: 0 },
      { day: "2026-05-20", count: 4, scale: 1 },
    ]);
    expect(sparkColumns(days, "opened").map((column) => column.scale)).toEqual([0, 0, 0]);
  });

  test("days read in UTC with English names", () => {
    expect(statsDayLabel("2026-05-19")).toBe("Tue 19 May");
    expect(statsDayLabel("2026-01-01")).toBe("Thu 1 Jan");
    expect(statsDayLabel("not a day")).toBe("not a day");
  });

  test("the per-day table: days with anything, newest first", () => {
    const days = [day("2026-05-18", 1), day("2026-05-19", 0), day("2026-05-20", 0, 0, 0, 2)];
    expect(activeDaysNewestFirst(days).map((entry) => entry.day)).toEqual(["2026-05-20", "2026-05-18"]);
  });

  test("a survey is answered, the rest completed", () => {
    expect(completedLabelKey("survey")).toBe("content.stats.answered");
    expect(completedLabelKey("tour")).toBe("content.stats.completed");
  });
});
