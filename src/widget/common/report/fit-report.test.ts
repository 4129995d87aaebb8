import { describe, expect, test } from "bun:test";
import { sampleScreenshotData as screenshotData } from "../capture-data-test-support.ts";
import { fitReport } from "./fit-report.ts";

const webReplay = { startDate: 1, events: [], type: "rrweb" };

describe("the report's size", () => {
  const report = (html: number, image: number, events: number) => ({
    formData: { description: "It broke" },
    screenshotData: { ...screenshotData, html: "h".repeat(html), image: "i".repeat(image) },
    webReplay: { ...webReplay, events: ["e".repeat(events)] },
  });

  test("a report within the limit is sent whole", () => {
    const whole = report(100, 100, 100);
    expect(fitReport(whole, 10_000)).toBe(whole);
  });

  test("over the limit the replay goes first, then the picture, then the page; the form always stays", () => {
    expect(fitReport(report(1000, 1000, 9000), 5000)).not.toHaveProperty("webReplay");
    const noImage = fitReport(report(1000, 5000, 9000), 5000) as { screenshotData: Record<string, unknown> };
    expect(noImage.screenshotData.html).toHaveLength(1000);
    expect(noImage.screenshotData).not.toHaveProperty("image");
    const bare = fitReport(report(9000, 5000, 9000), 5000);
    expect(bare).toEqual({ formData: { description: "It broke" } });
  });
});
