import { describe, expect, test } from "bun:test";
import { deServerErrors } from "./de.ts";
import { enUSServerErrors } from "./en-US.ts";
import { translator } from "./intl.ts";

// The texts of spec §8 that the server sends in lower case, as an admin can meet them on sign-in.
const lowerCaseServerTexts = [
  "invalid code",
  "invalid verification code",
  "captcha failed",
  "verify your account",
  "account disabled, contact us",
  "email already verified",
  "password reset failed",
];

describe("server messages reach the admin translated", () => {
  test("English shows them as sentences, not raw", () => {
    const english = translator("en-US");
    expect(english.translate("invalid code")).toBe("Invalid code");
    for (const text of lowerCaseServerTexts) expect(english.translate(text)).toMatch(/^[A-Z]/);
  });

  test("German has a wording for each of them and for the sign-in limits", () => {
    const german = translator("de");
    expect(german.translate("invalid code")).toBe("Ungültiger Code");
    for (const text of [...lowerCaseServerTexts, ...Object.keys(enUSServerErrors)])
      expect(deServerErrors[text], text).toBeString();
    expect(german.translate("Too many login attempts, try again later")).toStartWith(
      "Zu viele Anmeldeversuche",
    );
    expect(german.translate("You cannot ban your own account")).toBe(
      "Sie können Ihr eigenes Konto nicht sperren",
    );
  });

  test("an unknown text is shown as it came", () => {
    expect(translator("en-US").translate("Something new")).toBe("Something new");
  });
});
