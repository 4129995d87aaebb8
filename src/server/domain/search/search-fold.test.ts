import { describe, expect, test } from "bun:test";
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
    expect(foldWord("ﬁle")).toBe("file");
    expect(foldWord("ＡＢＣ")).toBe("abc");
    expect(foldWord("Ǆemal")).toBe("dzemal");
    expect(foldWord("ΟΔΟΣ")).toBe(foldWord("οδος"));
    expect(foldWord("οδός")).toBe("οδοσ");
  });

  test("other scripts keep their marks, which make other letters there", () => {
    expect(foldWord("мой")).toBe("мой");
    expect(foldWord("Ёлка")).toBe("елка");
    expect(foldWord("がか")).toBe("がか");
    expect(foldWord("日本語")).toBe("日本語");
    expect(foldWord("مرحبا")).toBe("مرحبا");
    expect(foldWord("Привет")).toBe("привет");
  });
});
