import { describe, expect, test } from "bun:test";
import type { SavedReply } from "../../shared/saved-replies-api.ts";
import { expectAnswersByText } from "../../shared/test-support/answer-cases.ts";
import { atMarkedCaret } from "../test-support/marked-caret.ts";
import {
  fillPlaceholders,
  insertReply,
  matchingReplies,
  maxShownReplies,
  slashWordAt,
} from "./saved-reply-search.ts";

const slashWordAtCaret = atMarkedCaret(slashWordAt);

const reply = (shortcut: string, title: string, body = "…"): SavedReply => ({
  id: shortcut,
  shortcut,
  title,
  body,
  updatedAt: "2026-11-23T00:00:00.000Z",
});

describe("slashWordAt", () => {
  test("a / word at the caret, at the start or after white space", () => {
    expectAnswersByText(slashWordAtCaret, {
      "/|": { start: 0, query: "" },
      "/tha|": { start: 0, query: "tha" },
      "Hello\n/bug|": { start: 6, query: "bug" },
      "Hi /re| more": { start: 3, query: "re" },
    });
  });

  test("not inside a word, a path or a URL, and not once a space ends it", () => {
    expectAnswersByText(slashWordAtCaret, {
      "a/b|": null,
      "see https://x.example/help|": null,
      "/thanks |": null,
      "no slash|": null,
      "//|": null,
    });
  });
});

describe("matchingReplies", () => {
  const replies = [
    reply("thanks", "Thank you"),
    reply("bug", "Bug confirmed", "We reproduced it"),
    reply("refund", "Über Erstattung", "Your money back"),
    reply("hello", "Greeting", "Hi {{visitor.firstName}}, thanks for writing"),
  ];

  test("shortcut prefix first, then shortcut or title, then body; accents and case do not matter", () => {
    expect(matchingReplies(replies, "").map((r) => r.shortcut)).toEqual(["bug", "hello", "refund", "thanks"]);
    expect(matchingReplies(replies, "th").map((r) => r.shortcut)).toEqual(["thanks", "hello"]);
    expect(matchingReplies(replies, "UBER").map((r) => r.shortcut)).toEqual(["refund"]);
    expect(matchingReplies(replies, "confirm").map((r) => r.shortcut)).toEqual(["bug"]);
    expect(matchingReplies(replies, "money").map((r) => r.shortcut)).toEqual(["refund"]);
    expect(matchingReplies(replies, "zzz")).toEqual([]);
  });

  test("at most a screenful", () => {
    const many = Array.from({ length: 20 }, (_, i) => reply(`r${String(i).padStart(2, "0")}`, "R"));
    expect(matchingReplies(many, "r")).toHaveLength(maxShownReplies);
  });
});

describe("fillPlaceholders", () => {
  test("the visitor's name and first name", () => {
    expect(fillPlaceholders("Hi {{visitor.firstName}}, dear {{ visitor.name }}!", "Maya  Lin")).toBe(
      "Hi Maya, dear Maya  Lin!",
    );
  });

  test("unknown name: the placeholder goes with its space; other placeholders stay", () => {
    expect(fillPlaceholders("Hi {{visitor.firstName}}, thanks {{visitor.name}}.", null)).toBe("Hi, thanks.");
    expect(fillPlaceholders("{{visitor.name}} wrote", "  ")).toBe(" wrote");
    expect(fillPlaceholders("Order {{order.id}}", "Maya")).toBe("Order {{order.id}}");
  });
});

test("insertReply puts the reply where the / word was, caret after it", () => {
  expect(insertReply("Hello /tha there", { start: 6, query: "tha" }, "Thanks!")).toEqual({
    text: "Hello Thanks! there",
    caret: 13,
  });
});
