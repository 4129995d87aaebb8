import { describe, expect, test } from "bun:test";
import { contentLanguages } from "../../shared/content-languages.ts";
import { isRightToLeftLanguage as isRightToLeft } from "../../shared/widget-language.ts";
import {
  defineEnglishTexts,
  defineTexts,
  formatMessage,
  loadTranslations,
  shippedLanguages,
  subscribeTranslations,
  translationsVersion,
  translator,
} from "./i18n.ts";
import { relativeTime } from "./relative-time.ts";

const texts = defineTexts({
  en: { greeting: "Hi {name}", unread: { one: "# new message", other: "# new messages" } },
  de: { greeting: "Hallo {name}", unread: { one: "# neue Nachricht", other: "# neue Nachrichten" } },
  ar: {
    unread: {
      zero: "لا رسائل",
      one: "رسالة واحدة",
      two: "رسالتان",
      few: "# رسائل",
      many: "# رسالة",
      other: "# رسالة",
    },
  },
});

describe("texts", () => {
  test("placeholders and plural forms per language, through Intl.PluralRules", () => {
    const en = translator(texts, "en-US");
    expect(en("greeting", { name: "Ada" })).toBe("Hi Ada");
    expect(en("unread", { count: 1 })).toBe("1 new message");
    expect(en("unread", { count: 1200 })).toBe("1,200 new messages");
    const de = translator(texts, "de-AT");
    expect(de("unread", { count: 2 })).toBe("2 neue Nachrichten");
    expect(translator(texts, "de")("unread", { count: 1200 })).toBe("1.200 neue Nachrichten");
    const ar = translator(texts, "ar");
    expect(ar("unread", { count: 0 })).toBe("لا رسائل");
    expect(ar("unread", { count: 2 })).toBe("رسالتان");
    expect(ar("unread", { count: 3 })).toContain("رسائل");
    // Arabic leaves the greeting to English.
    expect(ar("greeting", { name: "Ada" })).toBe("Hi Ada");
    // Another language falls back to English; a missing value stays visible.
    expect(translator(texts, "fr")("greeting")).toBe("Hi {name}");
  });

  test("the project's static translations override by key, or by the English wording", () => {
    expect(translator(texts, "de", { greeting: "Servus {name}" })("greeting", { name: "Ada" })).toBe(
      "Servus Ada",
    );
    expect(translator(texts, "en", { "Hi {name}": "Welcome, {name}" })("greeting", { name: "Ada" })).toBe(
      "Welcome, Ada",
    );
    expect(translator(texts, "en", { unread: "{count} unread" })("unread", { count: 3 })).toBe("3 unread");
    // An empty override is ignored.
    expect(translator(texts, "en", { greeting: "" })("greeting", { name: "Ada" })).toBe("Hi Ada");
  });

  test("formatMessage keeps a # without a count", () => {
    expect(formatMessage("en", "Ticket #{id}", { id: "7" })).toBe("Ticket #7");
  });

  test("direction", () => {
    expect(isRightToLeft("ar-EG")).toBe(true);
    expect(isRightToLeft("he")).toBe(true);
    expect(isRightToLeft("de")).toBe(false);
  });

  test("relative times in the messenger's language", () => {
    const now = Date.parse("2026-11-01T12:00:00Z");
    expect(relativeTime("en", "2026-11-01T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("en", "2026-10-31T12:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("de", "2026-10-29T12:00:00Z", now)).toBe("vor 3 Tagen");
    expect(relativeTime("en", "2026-11-01T11:59:50Z", now)).toBe("now");
    expect(relativeTime("en", "not a date", now)).toBe("");
  });
});

describe("an area that ships English alone", () => {
  const german = { greeting: "Hallo {name}" };
  const arabic = { greeting: "مرحبا {name}" };

  test("another language's texts arrive with its load, once, and listeners hear of it", async () => {
    let loads = 0;
    const area = defineEnglishTexts({ greeting: "Hi {name}" }, async () => {
      loads++;
      return { de: german, ar: arabic };
    });
    expect(translator(area, "de")("greeting", { name: "Ada" })).toBe("Hi Ada");
    const heard: number[] = [];
    const stop = subscribeTranslations(() => heard.push(translationsVersion()));
    const before = translationsVersion();
    await Promise.all([loadTranslations(area, "de-AT"), loadTranslations(area, "de")]);
    stop();
    expect(loads).toBe(1);
    expect(heard).toEqual([before + 1]);
    expect(translator(area, "de")("greeting", { name: "Ada" })).toBe("Hallo Ada");
    // The load brought every language of the area: Arabic needs none of its own.
    await loadTranslations(area, "ar");
    expect(loads).toBe(1);
    expect(translator(area, "ar")("greeting", { name: "Ada" })).toBe("مرحبا Ada");
  });

  test("English, a language not shipped and an area with its languages load nothing", async () => {
    let loads = 0;
    const area = defineEnglishTexts({ greeting: "Hi" }, async () => {
      loads++;
      return { de: { greeting: "Hallo" }, ar: {} };
    });
    await loadTranslations(area, "en-GB");
    await loadTranslations(area, "fr");
    await loadTranslations(texts, "de");
    expect(loads).toBe(0);
    expect(translator(area, "fr")("greeting")).toBe("Hi");
  });

  test("a load that fails leaves English, resolves, and the next ask calls the loader again", async () => {
    let loads = 0;
    const area = defineEnglishTexts({ greeting: "Hi" }, async () => {
      loads++;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { de: { greeting: "Hallo" }, ar: {} };
    });
    await loadTranslations(area, "de");
    expect(translator(area, "de")("greeting")).toBe("Hi");
    await loadTranslations(area, "de");
    expect(loads).toBe(2);
    expect(translator(area, "de")("greeting")).toBe("Hallo");
  });
});

test("the messenger ships texts in exactly the languages content is written in", () => {
  expect([...shippedLanguages]).toEqual([...contentLanguages]);
});
