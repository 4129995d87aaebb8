import { describe, expect, test } from "bun:test";
import type { SurveyQuestion } from "../../../shared/surveys-api.ts";
import { checkSurveyAnswers } from "./survey-answers.ts";
import { aggregateSurvey, npsScore } from "./survey-results.ts";

describe("npsScore", () => {
  test("percent promoters minus percent detractors, rounded", () => {
    expect(npsScore([])).toBeNull();
    expect(npsScore([10, 9, 8, 7])).toBe(50);
    expect(npsScore([0, 6, 9])).toBe(-33);
    expect(npsScore([7, 8])).toBe(0);
    expect(npsScore([10])).toBe(100);
    expect(npsScore([0])).toBe(-100);
    expect(Object.is(npsScore([7]), 0)).toBe(true);
  });
});

const questions: SurveyQuestion[] = [
  { id: "nps", type: "nps", title: "Recommend?", required: true },
  { id: "stars", type: "rating", title: "Stars", scale: 5 },
  { id: "one", type: "single", title: "One", options: ["A", "B"] },
  { id: "many", type: "multiple", title: "Many", options: ["X", "Y", "Z"] },
  { id: "say", type: "text", title: "Say" },
];

describe("aggregateSurvey", () => {
  test("counts options, scores NPS, averages ratings and lists texts newest first", () => {
    const results = aggregateSurvey("s1", questions, [
      {
        answers: { nps: 10, stars: 5, one: "A", many: ["X", "Y"], say: "Newest" },
        createdAt: "2026-11-03T00:00:00Z",
      },
      { answers: { nps: 9, stars: 4, one: "A", many: ["X"] }, createdAt: "2026-11-02T00:00:00Z" },
      { answers: { nps: 3, stars: 2, one: "B", say: "Oldest" }, createdAt: "2026-11-01T00:00:00Z" },
      // A value that no longer fits (an option since removed, a rating past the scale) is not counted.
      { answers: { nps: 7, stars: 9, one: "Gone", many: ["Gone"] }, createdAt: "2026-11-01T00:00:00Z" },
    ]);
    expect(results.responses).toBe(4);
    const [nps, stars, one, many, say] = results.questions;
    expect(nps?.answered).toBe(4);
    expect(nps?.nps).toEqual({
      score: 25,
      promoters: 2,
      passives: 1,
      detractors: 1,
      distribution: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1],
    });
    expect(stars?.rating).toEqual({ average: 3.67, scale: 5, distribution: [0, 1, 0, 1, 1] });
    expect(stars?.answered).toBe(3);
    expect(one?.options).toEqual([
      { option: "A", count: 2 },
      { option: "B", count: 1 },
    ]);
    expect(one?.answered).toBe(3);
    expect(many?.options).toEqual([
      { option: "X", count: 2 },
      { option: "Y", count: 1 },
      { option: "Z", count: 0 },
    ]);
    expect(say?.texts).toEqual([
      { text: "Newest", createdAt: "2026-11-03T00:00:00Z" },
      { text: "Oldest", createdAt: "2026-11-01T00:00:00Z" },
    ]);
  });

  test("no answers: empty counts and null scores", () => {
    const results = aggregateSurvey("s1", questions, []);
    expect(results.responses).toBe(0);
    expect(results.questions[0]?.nps?.score).toBeNull();
    expect(results.questions[1]?.rating?.average).toBeNull();
  });
});

describe("checkSurveyAnswers", () => {
  test("accepts answers of the right kinds and leaves blank ones out", () => {
    expect(
      checkSurveyAnswers(questions, { nps: 8, stars: 3, one: "B", many: ["Z", "Z"], say: " hi " }),
    ).toEqual({
      ok: true,
      answers: { nps: 8, stars: 3, one: "B", many: ["Z"], say: "hi" },
    });
    expect(checkSurveyAnswers(questions, { nps: 0, say: "  ", many: [] })).toEqual({
      ok: true,
      answers: { nps: 0 },
    });
  });

  test("refuses unknown questions, wrong kinds, unknown options and missing required answers", () => {
    const refused = (answers: Record<string, unknown>) => {
      const result = checkSurveyAnswers(questions, answers as never);
      return result.ok ? "ok" : result.field;
    };
    expect(refused({ nps: 5, nope: 1 })).toBe("answers.nope");
    expect(refused({ nps: 11 })).toBe("answers.nps");
    expect(refused({ nps: 5.5 })).toBe("answers.nps");
    expect(refused({ nps: "5" })).toBe("answers.nps");
    expect(refused({ nps: 5, stars: 0 })).toBe("answers.stars");
    expect(refused({ nps: 5, stars: 6 })).toBe("answers.stars");
    expect(refused({ nps: 5, one: "C" })).toBe("answers.one");
    expect(refused({ nps: 5, many: ["X", "W"] })).toBe("answers.many");
    expect(refused({ nps: 5, many: "X" })).toBe("answers.many");
    expect(refused({ nps: 5, say: 3 })).toBe("answers.say");
    expect(refused({ stars: 3 })).toBe("answers.nps");
    expect(refused(JSON.parse('{"__proto__": 1, "nps": 5}'))).toBe("answers.__proto__");
  });
});
