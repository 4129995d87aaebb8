import { expect, test } from "bun:test";
import { completeMention, mentionAt, mentionCandidates } from "./mention-query.ts";

test("the mention being typed: @ and name characters up to the caret", () => {
  expect(mentionAt("Hi @an", 6)).toEqual({ start: 3, query: "an" });
  expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
  expect(mentionAt("(@bo.x", 6)).toEqual({ start: 1, query: "bo.x" });
  // The caret in the middle of a word: what is before it counts.
  expect(mentionAt("@anna rest", 3)).toEqual({ start: 0, query: "an" });
});

test("no mention: after a space, inside an e-mail address, or no @ at all", () => {
  expect(mentionAt("@anna ", 6)).toBeNull();
  expect(mentionAt("ops@anna", 8)).toBeNull();
  expect(mentionAt("plain", 5)).toBeNull();
  expect(mentionAt("", 0)).toBeNull();
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
