import { describe, expect, test } from "bun:test";
import type { SurveyQuestionResult } from "../../shared/surveys-api.ts";
import { npsBars, npsGroup, npsShares, optionBars, ratingBars } from "./survey-chart-data.ts";

const base = { id: "q", title: "Q", answered: 0 } as const;

describe("survey chart data", () => {
  test("choice bars: shares of the question's answers, the largest bar filling its track", () => {
    const result: SurveyQuestionResult = {
      ...base,
      type: "multiple",
      answered: 4,
      options: [
        { option: "Free", count: 1 },
        { option: "Pro", count: 4 },
        { option: "Team", count: 0 },
      ],
    };
    expect(optionBars(result)).toEqual([
      { label: "Free", count: 1, percent: 25, scale: 0.25 },
      { label: "Pro", count: 4, percent: 100, scale: 1 },
      { label: "Team", count: 0, percent: 0, scale: 0 },
    ]);
  });

  test("NPS: eleven bars 0–10 grouped as detractors, passives, promoters", () => {
    const distribution = [0, 0, 0, 0, 0, 0, 1, 0, 2, 3, 4];
    const result: SurveyQuestionResult = {
      ...base,
      type: "nps",
      answered: 10,
      nps: { score: 60, promoters: 7, passives: 2, detractors: 1, distribution },
    };
    const bars = npsBars(result);
    expect(bars).toHaveLength(11);
    expect(bars.map((bar) => bar.group)).toEqual([
      ...Array(7).fill("detractor"),
      "passive",
      "passive",
      "promoter",
      "promoter",
    ]);
    expect(bars[10]).toEqual({ label: "10", count: 4, percent: 40, scale: 1, group: "promoter" });
    expect(bars[6]?.scale).toBe(0.25);
    expect(npsGroup(6)).toBe("detractor");
    expect(npsGroup(7)).toBe("passive");
    expect(npsGroup(9)).toBe("promoter");
  });

  test("NPS shares add up to 100 whatever the rounding, and are 0 without answers", () => {
    const thirds: SurveyQuestionResult = {
      ...base,
      type: "nps",
      answered: 3,
      nps: { score: 0, promoters: 1, passives: 1, detractors: 1, distribution: [] },
    };
    const shares = npsShares(thirds);
    expect(shares.detractor + shares.passive + shares.promoter).toBe(100);
    expect(npsShares({ ...base, type: "nps" })).toEqual({ detractor: 0, passive: 0, promoter: 0 });
  });

  test("ratings: one bar per star count up to the scale; missing answers count as none", () => {
    const result: SurveyQuestionResult = {
      ...base,
      type: "rating",
      answered: 3,
      rating: { average: 3.67, scale: 4, distribution: [0, 1, 0, 2] },
    };
    expect(ratingBars(result).map((bar) => [bar.label, bar.count, bar.percent])).toEqual([
      ["1", 0, 0],
      ["2", 1, 33],
      ["3", 0, 0],
      ["4", 2, 67],
    ]);
    expect(ratingBars({ ...base, type: "rating" })).toHaveLength(5);
  });
});
