import { expect, test } from "bun:test";
import { mentionedNicknames, noteParts } from "./note-mentions.ts";

const admins = ["anna", "Ann", "ann.b", "Max Power"];

test("a mention is @ and a whole nickname, in any case", () => {
  expect(mentionedNicknames("@ANNA and @max power, look", admins)).toEqual(["anna", "Max Power"]);
  expect(mentionedNicknames("@annabel @ann_x @ann-b", admins)).toEqual([]);
  expect(mentionedNicknames("thanks @ann.", admins)).toEqual(["Ann"]);
  expect(mentionedNicknames("(@ann.b)", admins)).toEqual(["ann.b"]);
});

test("an e-mail address or a word before the @ mentions nobody", () => {
  expect(mentionedNicknames("write to ops@anna or x@ann", admins)).toEqual([]);
  expect(mentionedNicknames("@", admins)).toEqual([]);
  expect(mentionedNicknames("anything", [""])).toEqual([]);
});

test("parts: mentions cut out of the text, the longest nickname first", () => {
  expect(noteParts("Hi @ann.b and @Anna!", admins)).toEqual([
    { kind: "text", text: "Hi " },
    { kind: "mention", text: "@ann.b", nickname: "ann.b" },
    { kind: "text", text: " and " },
    { kind: "mention", text: "@Anna", nickname: "anna" },
    { kind: "text", text: "!" },
  ]);
  expect(noteParts("no mentions", admins)).toEqual([{ kind: "text", text: "no mentions" }]);
  expect(noteParts("@ann", admins)).toEqual([{ kind: "mention", text: "@ann", nickname: "Ann" }]);
});
