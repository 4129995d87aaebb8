import { describe, expect, test } from "bun:test";
import { messages } from "../../shared/form-rules.ts";
import { translator } from "../i18n/intl.ts";
import { ruleMessage } from "./form-errors.ts";

// The forms show the shared rules' English words in the admin's language, with the field's label.
describe("rule messages in both languages", () => {
  const en = translator("en-US");
  const de = translator("de");

  test("'{field} is required' names the field by its label", () => {
    expect(ruleMessage(en, messages.required("title"), "Title")).toBe("Title is required");
    expect(ruleMessage(de, messages.required("title"), "Titel")).toBe("Titel ist erforderlich");
  });

  test("texts with a number keep it", () => {
    expect(ruleMessage(en, messages.tooShort(2), "Title")).toBe("Must be greater than 2 characters");
    expect(ruleMessage(en, messages.tooLong(80), "Title")).toBe("Must be less than 80 characters");
    expect(ruleMessage(de, messages.tooLong(80), "Titel")).toContain("80");
    expect(ruleMessage(de, messages.tooLong(80), "Titel")).not.toBe(messages.tooLong(80));
  });

  test("the e-mail rule has its German wording", () => {
    expect(ruleMessage(en, messages.email, "E-mail")).toBe("Email format is not valid");
    expect(ruleMessage(de, messages.email, "E-Mail")).not.toBe(messages.email);
  });
});
