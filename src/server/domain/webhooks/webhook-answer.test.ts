import { expect, test } from "bun:test";
import { expectAnswers } from "../../../shared/test-support/answer-cases.ts";
import { answerChars, answerExcerpt, readAnswerExcerpt } from "./webhook-answer.ts";

test("a short plain answer is kept as it is", () => {
  expectAnswers(answerExcerpt, [
    ["ok /reports", "ok /reports"],
    ["", ""],
  ]);
});

test("control and format characters go; line breaks and runs of spaces become one space", () => {
  expectAnswers(answerExcerpt, [
    ["  \u001b[2Jcleared\r\n\r\n\tnext\u0000line  ", "[2Jcleared next line"],
    // Right-to-left override, zero-width space and joiner, soft hyphen, byte-order mark.
    ["\uFEFFabc\u202Efed\u200B\u200D\u00AD!", "abcfed!"],
    ["a\u2028b\u2029c\u0085d", "a b c d"],
    // Printable text of any script stays, emoji whole.
    ["Grüße — 你好 😀", "Grüße — 你好 😀"],
  ]);
});

test("a long answer is cut to 200 characters, the last being …, without splitting a character", () => {
  const cut = answerExcerpt("😀".repeat(500));
  expect(Array.from(cut)).toHaveLength(answerChars);
  expect(cut).toBe(`${"😀".repeat(answerChars - 1)}…`);
  expect(answerExcerpt("x".repeat(answerChars))).toBe("x".repeat(answerChars));
  // Kept text is kept again unchanged (the log reads old rows through the same rule).
  expect(answerExcerpt(cut)).toBe(cut);
  expect(answerExcerpt("y".repeat(500))).toBe(`${"y".repeat(answerChars - 1)}…`);
});

test("a large body is read only as far as the excerpt needs", async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new TextEncoder().encode("z".repeat(1024)));
    },
  });
  const kept = await readAnswerExcerpt(new Response(body));
  expect(kept).toBe(`${"z".repeat(answerChars - 1)}…`);
  expect(pulled).toBeLessThan(10);
});
