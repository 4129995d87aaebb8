import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../shared/test-support/answer-cases.ts";
import { foldWord } from "./search-fold.ts";

describe("foldWord", () => {
  test("case and accents fold; plain words only lose their capitals", () => {
    expect(["Café", "CAFÉ", "cafe", "Cafè"].map(foldWord)).toEqual(["cafe", "cafe", "cafe", "cafe"]);
    expect(["Müller", "MÜLLER", "Mu\u0308ller", "muller"].map(foldWord)).toEqual(Array(4).fill("muller"));
    expect(foldWord("Checkout500")).toBe("checkout500");
    expect(foldWord("Ångström")).toBe("angstrom");
    expect(foldWord("İstanbul")).toBe("istanbul");
  });

  test("letters unaccent rewrites without a decomposition fold as it does", () => {
    expect(["Straße", "STRAẞE"].map(foldWord)).toEqual(["strasse", "strasse"]);
    expect(["Łódź", "Øre", "Æble", "Œuvre", "Þór", "Đorđe"].map(foldWord)).toEqual([
      "lodz",
      "ore",
      "aeble",
      "oeuvre",
      "thor",
      "dorde",
    ]);
  });

  test("compatibility forms come apart; the final sigma is a sigma", () => {
    expectAnswers(foldWord, [
      ["ﬁle", "file"],
      ["ＡＢＣ", "abc"],
      ["Ǆemal", "dzemal"],
      ["ΟΔΟΣ", foldWord("οδος")],
      ["οδός", "οδοσ"],
    ]);
  });

  test("other scripts keep their marks, which make other letters there", () => {
    expectAnswers(foldWord, [
      ["мой", "мой"],
      ["Ёлка", "елка"],
      ["がか", "がか"],
      ["日本語", "日本語"],
      ["مرحبا", "مرحبا"],
      ["Привет", "привет"],
    ]);
  });
});
