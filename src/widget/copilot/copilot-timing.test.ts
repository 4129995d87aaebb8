import { describe, expect, test } from "bun:test";
import {
  autoTypeStepMs,
  copilotTiming,
  isFullyVisible,
  pointerPlacement,
  readingTimeMs,
  typingDelaysMs,
  wordCount,
} from "./copilot-timing.ts";

describe("reading time (spec §4: words / 3.6 + 1 s)", () => {
  test("counts words as runs of non-blank characters", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("   ")).toBe(0);
    expect(wordCount(" Hi,  I'm\tthe co-pilot.\n")).toBe(4);
  });

  test("one second for nothing to read, then 3.6 words a second", () => {
    expect(readingTimeMs("")).toBe(1000);
    expect(
      readingTimeMs(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen",
      ),
    ).toBe(6000);
    expect(readingTimeMs("Watch")).toBe(1278);
    expect(readingTimeMs("Hi, I'm the Acme co-pilot. Let me write your first note for you.")).toBe(4611);
  });
});

describe("auto-typing (spec §9: 100 ms a character, then 1.2 s)", () => {
  test("each character 100 ms after the one before", () => {
    expect(typingDelaysMs("Hi!")).toEqual([100, 200, 300]);
    expect(typingDelaysMs("")).toEqual([]);
    // A character outside the basic plane is one character, not two.
    expect(typingDelaysMs("ok👍")).toEqual([100, 200, 300]);
  });

  test("the step lasts the typing plus 1.2 s", () => {
    expect(autoTypeStepMs("Buy oat milk")).toBe(2400);
    expect(autoTypeStepMs("")).toBe(1200);
  });
});

describe("pointer placement", () => {
  const viewport = { width: 1280, height: 800 };

  test("points at the element's centre, 10 px lower, with the bubble to the right", () => {
    expect(pointerPlacement({ left: 100, top: 200, width: 80, height: 40 }, viewport)).toEqual({
      x: 140,
      y: 230,
      flipped: false,
      bubbleWidth: 350,
    });
  });

  test("the bubble opens to the left when it would come within 20 px of the right edge", () => {
    expect(pointerPlacement({ left: 900, top: 0, width: 20, height: 20 }, viewport).flipped).toBe(false);
    expect(pointerPlacement({ left: 900, top: 0, width: 40, height: 20 }, viewport).flipped).toBe(true);
  });

  test("the bubble is at most 350 px, and never wider than the viewport less 40 px", () => {
    expect(pointerPlacement(null, { width: 320, height: 600 }).bubbleWidth).toBe(280);
    expect(pointerPlacement(null, viewport).bubbleWidth).toBe(copilotTiming.bubbleWidthCap);
  });

  test("without an element, the middle of the screen", () => {
    expect(pointerPlacement(null, viewport)).toMatchObject({ x: 640, y: 400, flipped: false });
  });

  test("fully visible only when the whole box is inside the viewport", () => {
    expect(isFullyVisible({ left: 0, top: 0, width: 1280, height: 800 }, viewport)).toBe(true);
    expect(isFullyVisible({ left: 10, top: 790, width: 100, height: 20 }, viewport)).toBe(false);
    expect(isFullyVisible({ left: -1, top: 10, width: 100, height: 20 }, viewport)).toBe(false);
  });
});

test("the spec's constants", () => {
  expect(copilotTiming).toMatchObject({
    startDelayMs: 1500,
    selectorTimeoutMs: 5000,
    completeDelayMs: 500,
    scrollDebounceMs: 150,
    scrollRetries: 20,
    scrollRetryMs: 100,
    rippleMs: 800,
    fadeOutMs: 800,
  });
});
