import { describe, expect, test } from "bun:test";
import { levelBands, levelFromXp, levelInfo, levelName, levelNames, xpForLevel } from "./levels.ts";
import { expectAnswers, expectSameAnswer } from "./test-support/answer-cases.ts";

describe("levelFromXp", () => {
  test.each([
    [0, 0],
    [19, 0],
    [20, 1],
    [79, 1],
    [80, 2],
    [179, 2],
    [180, 3],
    [2_000, 10],
    [1_999, 9],
    [42_320, 46],
    [42_319, 45],
    [200_000_000, 3_162],
  ])("%p XP is level %p", (xp, level) => {
    expect(levelFromXp(xp)).toBe(level);
  });

  test("is exact on every band edge up to level 10,000", () => {
    for (let level = 0; level <= 10_000; level++) {
      expect(levelFromXp(xpForLevel(level))).toBe(level);
      if (level > 0) expect(levelFromXp(xpForLevel(level) - 1)).toBe(level - 1);
    }
  });

  test("counts negative, NaN and infinite XP as none", () => {
    expectSameAnswer(levelFromXp, [-50, Number.NaN, Number.POSITIVE_INFINITY], 0);
  });
});

describe("xpForLevel", () => {
  test("is 20·L²", () => {
    expectAnswers(xpForLevel, [
      [0, 0],
      [1, 20],
      [5, 500],
      [46, 42_320],
    ]);
  });

  test("treats fractions and negatives as whole levels from 0", () => {
    expect(xpForLevel(2.7)).toBe(80);
    expect(xpForLevel(-3)).toBe(0);
  });
});

describe("levelName", () => {
  test.each([
    [0, "Newbie"],
    [1, "Novice"],
    [5, "Novice"],
    [6, "Beginner"],
    [10, "Beginner"],
    [11, "Talented"],
    [15, "Talented"],
    [16, "Skilled"],
    [20, "Skilled"],
    [21, "Intermediate"],
    [25, "Intermediate"],
    [26, "Seasoned"],
    [30, "Seasoned"],
    [31, "Experienced"],
    [35, "Experienced"],
    [36, "Expert"],
    [45, "Expert"],
    [46, "God Tier"],
    [1_000, "God Tier"],
  ])("level %p is %p", (level, name) => {
    expect(levelName(level)).toBe(name as ReturnType<typeof levelName>);
  });

  test("has the spec's ten names in rising order", () => {
    expect(levelNames).toEqual([
      "Newbie",
      "Novice",
      "Beginner",
      "Talented",
      "Skilled",
      "Intermediate",
      "Seasoned",
      "Experienced",
      "Expert",
      "God Tier",
    ]);
    const starts = levelBands.map((band) => band.from);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe("levelInfo", () => {
  test("answers XP, level and name together", () => {
    expect(levelInfo(0)).toEqual({ xp: 0, level: 0, levelName: "Newbie" });
    expect(levelInfo(720)).toEqual({ xp: 720, level: 6, levelName: "Beginner" });
    expect(levelInfo(42_320)).toEqual({ xp: 42_320, level: 46, levelName: "God Tier" });
  });
});
