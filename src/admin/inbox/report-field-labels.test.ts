import { describe, expect, test } from "bun:test";
import { expectAnswersByText } from "../../shared/test-support/answer-cases.ts";
import { dateOf, humanizeKey, isEmptyValue, knownFieldValue, labelledFields } from "./report-field-labels.ts";

describe("labels for raw keys", () => {
  test("camelCase and snake_case keys read as words", () => {
    expectAnswersByText(humanizeKey, {
      description: "Description",
      lastSeenAt: "Last seen at",
      screen_width: "Screen width",
      "plan-tier.name": "Plan tier name",
      apiURLPath: "Api URL path",
      HTTPStatus: "HTTP status",
      x: "X",
      __: "__",
    });
  });

  test("empty values", () => {
    for (const value of ["", "  ", "{}", "[]", "null"]) expect(isEmptyValue(value)).toBe(true);
    for (const value of ["0", "false", '{"a":1}', "-"]) expect(isEmptyValue(value)).toBe(false);
  });

  test("dates only under date-like keys, from ISO text or epoch milliseconds", () => {
    expect(dateOf("lastSeenAt", "2026-11-22T18:09:59.361Z")).toBe(Date.parse("2026-11-22T18:09:59.361Z"));
    expect(dateOf("created_at", "2026-11-22")).toBe(Date.parse("2026-11-22"));
    expect(dateOf("startTime", "1763834999361")).toBe(1763834999361);
    expect(dateOf("description", "2026-11-22T18:09:59.361Z")).toBeNull();
    expect(dateOf("lastSeenAt", "yesterday")).toBeNull();
    expect(dateOf("lastSeenAt", "2026-13-45T99:99")).toBeNull();
    expect(dateOf("updatedAt", "42")).toBeNull();
  });

  test("rows: written labels for known keys, dates and yes/no formatted, empty ones left out", () => {
    const rows = labelledFields(
      [
        ["description", "Export fails"],
        ["lastSeenAt", "2026-11-22T18:09:59.361Z"],
        ["customData", "{}"],
        ["planTier", "pro"],
        ["mobile", "false"],
        ["beta_user", "true"],
        ["empty", ""],
      ],
      {
        known: (key) =>
          ({ description: "Beschreibung", lastSeenAt: "Zuletzt gesehen", mobile: "Mobilgerät" })[
            key as "description"
          ] ?? `?${key}`,
        knownValue: (value) => `V:${value}`,
        date: (time) => `D${time}`,
        number: (value) => `N${value}`,
        yes: "Ja",
        no: "Nein",
      },
    );
    expect(rows).toEqual([
      ["Beschreibung", "Export fails"],
      ["Zuletzt gesehen", `D${Date.parse("2026-11-22T18:09:59.361Z")}`],
      ["Plan tier", "pro"],
      ["Mobilgerät", "Nein"],
      ["Beta user", "Ja"],
    ]);
  });

  test("protocol words get their labels; measures their language's digits; other values stay as sent", () => {
    const labelling = {
      known: (key: string) => key,
      knownValue: (value: string) =>
        ({ "capture.screenshot": "Screenshot", "capture.capture": "Bildschirmaufnahme" })[value] ??
        `?${value}`,
      date: (time: number) => `D${time}`,
      number: (value: number) => new Intl.NumberFormat("de").format(value),
      yes: "Ja",
      no: "Nein",
    };
    expect(
      labelledFields(
        [
          ["capture", "screenshot"],
          ["capture", "capture"],
          ["capture", "a photo"],
          ["screenWidth", "1920"],
          ["devicePixelRatio", "1.5"],
          ["buildVersionNumber", "1234"],
          ["note", "capture"],
        ],
        labelling,
      ),
    ).toEqual([
      ["capture", "Screenshot"],
      ["capture", "Bildschirmaufnahme"],
      ["capture", "a photo"],
      ["screenWidth", "1.920"],
      ["devicePixelRatio", "1,5"],
      ["buildVersionNumber", "1234"],
      ["Note", "capture"],
    ]);
    expect(knownFieldValue("capture", " capture ")).toBe("capture.capture");
    expect(knownFieldValue("constructor", "x")).toBeNull();
  });
});
