import { beforeEach, describe, expect, test } from "bun:test";
import { translator } from "./intl.ts";
import { localeState, restoreLocale, setLocale } from "./locale-store.ts";

describe("locale", () => {
  beforeEach(() => {
    localStorage.clear();
    restoreLocale();
  });

  test("German by default", () => {
    expect(localeState.locale).toBe("de");
    expect(document.documentElement.lang).toBe("de");
  });

  test("the choice is kept in the stored value `locale` and read back", () => {
    setLocale("en-US");
    expect(localStorage.getItem("locale")).toBe("en-US");
    localeState.locale = "de";
    restoreLocale();
    expect(localeState.locale as string).toBe("en-US");
    expect(document.documentElement.lang).toBe("en-US");
  });

  test("an unknown stored value falls back to German", () => {
    localStorage.setItem("locale", "fr");
    restoreLocale();
    expect(localeState.locale).toBe("de");
  });

  test("both catalogues format the spec texts; server messages are translated when known", () => {
    expect(translator("en-US").t("notFound.title", { path: "/x" })).toBe("Page not found: /x");
    expect(translator("en-US").t("form.code")).toBe("Invalid code format");
    expect(translator("de").t("login.notAuthorized")).toBe(
      "Sie sind nicht berechtigt, dieses Dashboard zu verwenden.",
    );
    expect(translator("de").translate("Invalid credentials")).toBe("Ungültige Zugangsdaten");
    expect(translator("de").translate("login.failed")).toBe("Anmeldung fehlgeschlagen");
    expect(translator("en-US").translate("Some new server text")).toBe("Some new server text");
  });
});
