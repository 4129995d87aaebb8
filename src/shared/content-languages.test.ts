import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import {
  contentLanguageFor,
  contentLanguages,
  localizedVersion,
  storedTranslations,
  translationsOf,
} from "./content-languages.ts";
import { HelpCollectionVersion } from "./help-center-api.ts";

describe("content languages", () => {
  test("the widget's languages: English, German and Arabic", () => {
    expect([...contentLanguages]).toEqual(["en", "de", "ar"]);
  });

  test("a widget language picks its authored version by base subtag; anything else is English", () => {
    expect(contentLanguageFor("de-AT")).toBe("de");
    expect(contentLanguageFor("DE")).toBe("de");
    expect(contentLanguageFor("ar-EG")).toBe("ar");
    expect(contentLanguageFor("ar")).toBe("ar");
    expect(contentLanguageFor("en-GB")).toBe("en");
    expect(contentLanguageFor("fr")).toBe("en");
    expect(contentLanguageFor(null)).toBe("en");
    expect(contentLanguageFor("")).toBe("en");
    // Not an own key of anything: no prototype lookups.
    expect(contentLanguageFor("constructor")).toBe("en");
  });

  test("a translation replaces the fields it says something in; English stays for the rest", () => {
    const base = { title: "Invoices", description: "Monthly PDFs", body: "<p>Billing</p>" };
    const translations = {
      de: { title: "Rechnungen", description: "  ", body: "<p>Abrechnung</p>" },
      ar: { title: "الفواتير" },
    };
    expect(localizedVersion(base, translations, "de")).toEqual({
      title: "Rechnungen",
      description: "Monthly PDFs",
      body: "<p>Abrechnung</p>",
    });
    expect(localizedVersion(base, translations, "ar")).toEqual({ ...base, title: "الفواتير" });
    expect(localizedVersion(base, translations, "en")).toBe(base);
    expect(localizedVersion(base, {}, "de")).toBe(base);
    expect(localizedVersion(base, { de: null }, "de")).toBe(base);
    expect(localizedVersion(base, null, "ar")).toBe(base);
  });

  test("a translation never adds keys the record does not have", () => {
    const translated = localizedVersion(
      { title: "News" },
      { de: { title: "Neues", admin: "x" } as never },
      "de",
    );
    expect(translated).toEqual({ title: "Neues" });
  });

  test("stored translations keep only the known languages' objects", () => {
    expect(
      storedTranslations({ de: { title: "A" }, ar: "text", fr: { title: "B" }, en: { title: "C" } }),
    ).toEqual({
      de: { title: "A" },
    });
    expect(storedTranslations("[]")).toEqual({});
    expect(storedTranslations(null)).toEqual({});
  });

  test("the request schema takes de and ar (or null), nothing else", () => {
    const schema = translationsOf(HelpCollectionVersion);
    expect(validate({ de: { title: "A" }, ar: null }, schema)[0]).toBeUndefined();
    expect(validate(undefined, schema)[0]).toBeUndefined();
    expect(validate({ fr: { title: "A" } }, schema)[0]?.path).toEqual(["fr"]);
    expect(validate({ ar: { title: "" } }, schema)[0]?.path).toEqual(["ar", "title"]);
  });
});
