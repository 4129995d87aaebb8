import { describe, expect, test } from "bun:test";
import { reportSearchColumns } from "../../database/migrations/040-report-search-schema.ts";
import { bestMatch } from "./search-highlight.ts";
import { parseSearch, type SearchTerm } from "./search-query.ts";

const terms = (text: string): SearchTerm[] => {
  const parsed = parseSearch(text);
  return parsed.ok ? parsed.terms : [];
};

describe("bestMatch", () => {
  test("marks every matched word and escapes everything else", () => {
    const match = bestMatch(
      reportSearchColumns,
      { description: `Checkout <img src=x onerror="alert(1)"> & checkout again` },
      terms("checkout"),
    );
    expect(match).toEqual({
      field: "description",
      snippet:
        "<mark>Checkout</mark> &#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; <mark>checkout</mark> again",
    });
  });

  test("the field holding the most terms wins; on a tie the weightier one", () => {
    const texts = {
      description: "checkout failed",
      network: "POST https://shop.example/api/checkout 500 Internal Server Error",
      console: "checkout 500",
    };
    expect(bestMatch(reportSearchColumns, texts, terms("checkout 500"))?.field).toBe("network");
    expect(bestMatch(reportSearchColumns, texts, terms("checkout"))?.field).toBe("description");
  });

  test("phrases match words in a row; prefixes the start of a word", () => {
    const texts = { console: "error while saving\nsaving error 42" };
    expect(bestMatch(reportSearchColumns, texts, terms('"saving error"'))?.snippet).toBe(
      "<mark>saving</mark> <mark>error</mark> 42",
    );
    expect(bestMatch(reportSearchColumns, texts, terms("sav*"))?.snippet).toBe(
      "error while <mark>saving</mark>",
    );
  });

  test("a long line is cut around the first match, at word edges", () => {
    const before = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const match = bestMatch(
      reportSearchColumns,
      { description: `${before} needle ${before}` },
      terms("needle"),
    );
    expect(match?.snippet.startsWith("…word")).toBe(true);
    expect(match?.snippet.endsWith("…")).toBe(true);
    expect(match?.snippet).toContain("<mark>needle</mark>");
    expect(match?.snippet.length).toBeLessThan(260);
  });

  test("accents fold both ways; the mark covers the word as written", () => {
    const texts = { description: "Le Café de Müller & Straße", console: "cafe muller" };
    expect(bestMatch(reportSearchColumns, texts, terms("cafe"))?.snippet).toBe(
      "Le <mark>Café</mark> de Müller &#38; Straße",
    );
    expect(bestMatch(reportSearchColumns, { description: "Frau muller" }, terms("MÜLLER"))?.snippet).toBe(
      "Frau <mark>muller</mark>",
    );
    expect(bestMatch(reportSearchColumns, texts, terms('"café de" strasse'))?.snippet).toBe(
      "Le <mark>Café</mark> <mark>de</mark> Müller &#38; <mark>Straße</mark>",
    );
    expect(bestMatch(reportSearchColumns, texts, terms("mül*"))?.snippet).toBe(
      "Le Café de <mark>Müller</mark> &#38; Straße",
    );
  });

  test("an accent written as a combining mark is marked with its letter", () => {
    expect(
      bestMatch(reportSearchColumns, { description: "Herr Mu\u0308ller ruft an" }, terms("muller")),
    ).toEqual({
      field: "description",
      snippet: "Herr <mark>Müller</mark> ruft an",
    });
  });

  test("tags show as a list; no field holding a term is no match", () => {
    expect(bestMatch(reportSearchColumns, { tags: '["vip","needs info"]' }, terms("info"))).toEqual({
      field: "tags",
      snippet: "vip, needs <mark>info</mark>",
    });
    expect(bestMatch(reportSearchColumns, { description: "nothing here" }, terms("absent"))).toBeNull();
  });
});
