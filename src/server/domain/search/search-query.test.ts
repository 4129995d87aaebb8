import { describe, expect, test } from "bun:test";
import { maxSearchLength, maxSearchWords, parseSearch } from "./search-query.ts";

const terms = (text: string) => {
  const parsed = parseSearch(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.terms;
};

describe("parseSearch", () => {
  test("words, each a term of its own, folded to lower case", () => {
    expect(terms("Checkout 500 PRO")).toEqual([
      { words: ["checkout"], prefix: false },
      { words: ["500"], prefix: false },
      { words: ["pro"], prefix: false },
    ]);
  });

  test("punctuation inside a word makes a phrase, as the indexes read the text", () => {
    expect(terms("FB-12 anna@example.com /api/checkout")).toEqual([
      { words: ["fb", "12"], prefix: false },
      { words: ["anna", "example", "com"], prefix: false },
      { words: ["api", "checkout"], prefix: false },
    ]);
  });

  test("quotes make a phrase; an unclosed quote runs to the end", () => {
    expect(terms('"error 500" checkout "pro cust')).toEqual([
      { words: ["error", "500"], prefix: false },
      { words: ["checkout"], prefix: false },
      { words: ["pro", "cust"], prefix: false },
    ]);
  });

  test("a star after a word makes it a prefix, also inside quotes", () => {
    expect(terms('checko* "error ret*" * 50*')).toEqual([
      { words: ["checko"], prefix: true },
      { words: ["error", "ret"], prefix: true },
      { words: ["50"], prefix: true },
    ]);
  });

  test("syntax of either index is only punctuation here", () => {
    const phrase = (...words: string[]) => ({ words, prefix: false });
    expect(terms('NEAR(a b) {col}: x OR -y "a" AND ^z')).toEqual([
      phrase("near", "a"),
      phrase("b"),
      phrase("col"),
      phrase("x"),
      phrase("or"),
      phrase("y"),
      phrase("a"),
      phrase("and"),
      phrase("z"),
    ]);
    expect(terms("' \" ; -- %_ \\ ( ) & | ! :*")).toEqual([]);
  });

  test("letters and digits of any script are words", () => {
    expect(terms("Müller 日本語 مرحبا ٣")).toEqual(
      ["müller", "日本語", "مرحبا", "٣"].map((word) => ({ words: [word], prefix: false })),
    );
  });

  test("accents stay for the indexes to fold; one typed as a combining mark joins its letter", () => {
    expect(terms("Café MÜLLER straß*")).toEqual([
      { words: ["café"], prefix: false },
      { words: ["müller"], prefix: false },
      { words: ["straß"], prefix: true },
    ]);
    expect(terms("Mu\u0308ller")).toEqual([{ words: ["müller"], prefix: false }]);
  });

  test("too long or too many words is refused with a reason", () => {
    expect(parseSearch("x".repeat(maxSearchLength)).ok).toBe(true);
    expect(parseSearch("x".repeat(maxSearchLength + 1))).toEqual({
      ok: false,
      error: `q must be at most ${maxSearchLength} characters`,
    });
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    expect(parseSearch(words(maxSearchWords)).ok).toBe(true);
    expect(parseSearch(words(maxSearchWords + 1))).toEqual({
      ok: false,
      error: `q must have at most ${maxSearchWords} words`,
    });
  });
});
