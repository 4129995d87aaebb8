import { proxy } from "valtio";
import { readStored, writeStored } from "../../session/stored-value.ts";

/**
 * Light or dark colours. "system" follows `prefers-color-scheme` (admin.css's media query, so it holds
 * before any script runs); "light" and "dark" are the admin's own choice, kept in the stored value
 * `theme` and applied as `data-theme` on the root element, which admin.css reads.
 */
export const themePreferences = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type Theme = "light" | "dark";

export const themeStorageKey = "theme";

/** A stored value that is not one of the choices (none yet, edited by hand) means "system". */
export function readThemePreference(stored: string | null | undefined): ThemePreference {
  return (themePreferences as readonly string[]).includes(stored ?? "")
    ? (stored as ThemePreference)
    : "system";
}

/** The colours a preference shows, given whether the system asks for dark ones. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  return preference === "system" ? (systemDark ? "dark" : "light") : preference;
}

/** Sets `data-theme` for a choice of the admin's own, and removes it for "system" (the media query decides). */
export function applyTheme(
  preference: ThemePreference,
  root: HTMLElement | undefined = globalThis.document?.documentElement,
): void {
  if (!root) return;
  if (preference === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", preference);
}

export const themeState = proxy<{ preference: ThemePreference }>({
  preference: readThemePreference(readStored<string>(themeStorageKey, "string")),
});

// On import, before the app renders its first frame (admin-main imports this module first).
applyTheme(themeState.preference);

export function setThemePreference(preference: ThemePreference): void {
  themeState.preference = preference;
  writeStored(themeStorageKey, preference === "system" ? null : preference);
  applyTheme(preference);
}

// Another tab changed it: follow, so two open dashboards do not disagree.
globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key !== themeStorageKey) return;
  themeState.preference = readThemePreference(event.newValue);
  applyTheme(themeState.preference);
});
