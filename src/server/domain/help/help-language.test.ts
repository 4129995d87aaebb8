import { describe, expect, test } from "bun:test";
import { slugFromTitle } from "../../../shared/help-slug.ts";
import { helpLanguageFor, localizedVersion } from "./help-language.ts";

describe("help languages", () => {
  test("a widget language picks its authored version by base subtag; anything else is English", () => {
    expect(helpLanguageFor("de-AT")).toBe("de");
    expect(helpLanguageFor("DE")).toBe("de");
    expect(helpLanguageFor("en-GB")).toBe("en");
    expect(helpLanguageFor("fr")).toBe("en");
    expect(helpLanguageFor(null)).toBe("en");
    expect(helpLanguageFor("")).toBe("en");
  });

  test("a translation replaces the fields it says something in; English stays for the rest", () => {
    const base = { title: "Invoices", description: "Monthly PDFs", body: "<p>Billing</p>" };
    const translations = { de: { title: "Rechnungen", description: "  ", body: "<p>Abrechnung</p>" } };
    expect(localizedVersion(base, translations, "de")).toEqual({
      title: "Rechnungen",
      description: "Monthly PDFs",
      body: "<p>Abrechnung</p>",
    });
    expect(localizedVersion(base, translations, "en")).toBe(base);
    expect(localizedVersion(base, {}, "de")).toBe(base);
    expect(localizedVersion(base, { de: null }, "de")).toBe(base);
  });

  test("slugs from titles: lower-case ASCII words joined by dashes", () => {
    expect(slugFromTitle("Reset your password!")).toBe("reset-your-password");
    expect(slugFromTitle("  Größe ändern — schnell ")).toBe("grosse-andern-schnell");
    expect(slugFromTitle("???")).toBe("");
    expect(slugFromTitle(`${"word ".repeat(40)}`).length).toBeLessThanOrEqual(120);
    expect(slugFromTitle(`${"word ".repeat(40)}`).endsWith("-")).toBe(false);
  });
});
