import { describe, expect, test } from "bun:test";
import { createIntl } from "@formatjs/intl";
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
    };
    for (const [locale, messages] of [
      ["en-US", contentMessagesEnUS],
      ["de", contentMessagesDe],
    ] as const) {
      const intl = createIntl({
        locale,
        messages,
        onError: (error) => {
          throw error;
        },
      });
      for (const id of Object.keys(messages)) {
        expect(typeof intl.formatMessage({ id }, values)).toBe("string");
      }
    }
  });

  test("the literal placeholders of hints stay literal", () => {
    const intl = createIntl({ locale: "en-US", messages: contentMessagesEnUS });
    expect(intl.formatMessage({ id: "content.field.textHint" })).toBe("{{name}} becomes the visitor's name.");
    expect(intl.formatMessage({ id: "content.field.pageFilterHint" })).toContain(
      "{slug} stands for any word",
    );
  });
});
