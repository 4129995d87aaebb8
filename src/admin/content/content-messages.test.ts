import { describe, expect, test } from "bun:test";
import { createIntl } from "@formatjs/intl";
import { durationSince } from "../format/relative-time.ts";
import { expectEveryTextFormats } from "../test-support/expect-every-text-formats.ts";
import { contentMessagesDe, contentMessagesEnUS } from "./content-messages.ts";

describe("content texts", () => {
  test("every text of both languages formats (valid ICU), with the placeholders the screens pass", () => {
    const values = {
      count: 2,
      name: "X",
      kind: "Banner",
      n: 1,
      total: 3,
      what: "Step",
      when: "now",
      action: "a",
      reasons: "r",
      label: "L",
      percent: 5,
      title: "T",
      value: 4,
      scale: 5,
      names: "“A”",
      min: -100,
      max: 100,
      unit: "minute",
      field: "Title",
      language: "German",
      list: "steps",
      number: 2,
    };
    expectEveryTextFormats({ "en-US": contentMessagesEnUS, de: contentMessagesDe }, values);
  });

  test("how long content has been live reads as a duration in a sentence, in both languages", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const liveFor = (locale: "en-US" | "de", secondsAgo: number) =>
      createIntl({
        locale,
        messages: locale === "de" ? contentMessagesDe : contentMessagesEnUS,
      }).formatMessage({ id: "content.liveFor" }, durationSince(now.getTime() - secondsAgo * 1000, now));
    expect(liveFor("de", 8 * 60)).toBe("Seit 8 Minuten live");
    expect(liveFor("de", 60)).toBe("Seit 1 Minute live");
    expect(liveFor("de", 86_400)).toBe("Seit 1 Tag live");
    expect(liveFor("de", 86_400 * 3)).toBe("Seit 3 Tagen live");
    expect(liveFor("de", 2_592_000 * 2)).toBe("Seit 2 Monaten live");
    expect(liveFor("de", 31_536_000 * 2)).toBe("Seit 2 Jahren live");
    expect(liveFor("de", 7_200)).toBe("Seit 2 Stunden live");
    expect(liveFor("de", 0)).toBe("Gerade live gegangen");
    expect(liveFor("en-US", 8 * 60)).toBe("Live for 8 minutes");
    expect(liveFor("en-US", 3_600)).toBe("Live for 1 hour");
    expect(liveFor("en-US", 0)).toBe("Just went live");
    // Never a relative time inside the sentence ("Live seit vor 8 Minuten").
    for (const seconds of [1, 60, 3_600, 86_400, 2_592_000, 31_536_000]) {
      expect(liveFor("de", seconds * 2)).not.toMatch(/\bvor\b/);
      expect(liveFor("en-US", seconds * 2)).not.toMatch(/\bago\b/);
    }
  });

  test("a builder draft saved under a second ago says so in words, not as a relative time", () => {
    const summary = (locale: "en-US" | "de", unit: string) =>
      createIntl({
        locale,
        messages: locale === "de" ? contentMessagesDe : contentMessagesEnUS,
      }).formatMessage(
        { id: "content.builderDraft.tooltipSummary" },
        { label: "#cta", name: "Ada", when: "Just created", unit },
      );
    expect(summary("en-US", "none")).toStartWith("Element #cta saved in the builder by Ada just now.");
    expect(summary("de", "none")).toStartWith("Element #cta im Builder gespeichert von Ada gerade eben.");
    expect(summary("en-US", "minute")).not.toContain("just now");
  });

  test("the literal placeholders of hints stay literal", () => {
    const intl = createIntl({ locale: "en-US", messages: contentMessagesEnUS });
    expect(intl.formatMessage({ id: "content.field.textHint" })).toStartWith(
      "{{name}} becomes the visitor's name. ",
    );
    expect(intl.formatMessage({ id: "content.field.pageFilterHint" })).toContain(
      "{slug} stands for any word",
    );
  });
});
