import { describe, expect, test } from "bun:test";
import { translator } from "../i18n/intl.ts";
import { challengeRuleMessage } from "./challenge-rule-message.ts";

describe("challenge form messages", () => {
  const en = translator("en-US");
  const de = translator("de");

  test("the challenge API's own refusals are worded in both languages", () => {
    expect(challengeRuleMessage(en, "Challenge category not found", "Category")).toBe(
      "This category no longer exists",
    );
    expect(challengeRuleMessage(de, "Challenge category not found", "Kategorie")).toBe(
      "Diese Kategorie existiert nicht mehr",
    );
    expect(challengeRuleMessage(de, "Sub-skill loops not found", "Skills")).toBe(
      "Der Sub-Skill loops existiert nicht mehr",
    );
    expect(challengeRuleMessage(de, "Must have no more than 50 entries", "Skills")).toBe(
      "Wählen Sie höchstens 50 Skills",
    );
  });

  test("the shared rules keep their spec texts, naming the field by its label", () => {
    expect(challengeRuleMessage(en, "title is required", "Title")).toBe("Title is required");
    expect(challengeRuleMessage(de, "title is required", "Titel")).toBe("Titel ist erforderlich");
    expect(challengeRuleMessage(en, "Must be greater than 1 characters", "Title")).toBe(
      "Must be greater than 1 characters",
    );
  });
});
