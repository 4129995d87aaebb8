import { proxy } from "valtio";
import { readStored, writeStored } from "../session/stored-value.ts";

export const locales = ["en-US", "de"] as const;
export type Locale = (typeof locales)[number];

/** Spec §9: German unless the stored value `locale` names another available locale. */
export const defaultLocale: Locale = "de";

function storedLocale(): Locale {
  const stored = readStored<string>("locale", "string");
  return (locales as readonly string[]).includes(stored ?? "") ? (stored as Locale) : defaultLocale;
}

export const localeState = proxy<{ locale: Locale }>({ locale: storedLocale() });

function applyToDocument(locale: Locale): void {
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}
applyToDocument(localeState.locale);

export function setLocale(locale: Locale): void {
  localeState.locale = locale;
  writeStored("locale", locale);
  applyToDocument(locale);
}

/** Reads the stored value again (tests, or another tab changed it). */
export function restoreLocale(): void {
  localeState.locale = storedLocale();
  applyToDocument(localeState.locale);
}
