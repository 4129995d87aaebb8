import { expect, test } from "bun:test";
import { expectAnswersByText } from "../../shared/test-support/answer-cases.ts";
import { atMarkedCaret } from "../test-support/marked-caret.ts";
import { completeMention, mentionAt, mentionCandidates } from "./mention-query.ts";

const mentionAtCaret = atMarkedCaret(mentionAt);

test("the mention being typed: @ and name characters up to the caret", () => {
  expectAnswersByText(mentionAtCaret, {
    "Hi @an|": { start: 3, query: "an" },
    "@|": { start: 0, query: "" },
    "(@bo.x|": { start: 1, query: "bo.x" },
    // The caret in the middle of a word: what is before it counts.
    "@an|na rest": { start: 0, query: "an" },
  });
});

test("no mention: after a space, inside an e-mail address, or no @ at all", () => {
  expectAnswersByText(mentionAtCaret, { "@anna |": null, "ops@anna|": null, "plain|": null, "|": null });
});

test("candidates: nickname prefix first, then name prefix, case-insensitive, capped", () => {
  const admins = [
    { nickname: "zed", name: "Anna Zed" },
    { nickname: "anna", name: "Anna" },
    { nickname: "bob", name: "Bob" },
  ];
  expect(mentionCandidates(admins, "AN").map((admin) => admin.nickname)).toEqual(["anna", "zed"]);
  expect(mentionCandidates(admins, "").map((admin) => admin.nickname)).toEqual(["zed", "anna", "bob"]);
  expect(mentionCandidates(admins, "", 1)).toHaveLength(1);
  expect(mentionCandidates(admins, "q")).toEqual([]);
});

test("completing puts @nickname and one space, the caret after it", () => {
  const text = "Ask @an about it";
  const mention = mentionAt(text, 7);
  if (!mention) throw new Error("no mention");
  expect(completeMention(text, 7, mention, "anna")).toEqual({ text: "Ask @anna about it", caret: 10 });
  expect(completeMention("@b", 2, { start: 0, query: "b" }, "bob")).toEqual({ text: "@bob ", caret: 5 });
});
