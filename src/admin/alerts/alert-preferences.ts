import { readStored, writeStored } from "../session/stored-value.ts";

/**
 * The admin's own choices about alerts, kept in this browser: a sound with each toast, and desktop
 * notifications while the tab is hidden (the browser's permission is asked for once, when they are
 * turned on).
 */
export interface AlertPreferences {
  sound: boolean;
  desktop: boolean;
}

const storageKey = "alertPreferences";

/** What was chosen; anything missing or unreadable is off. */
export function readAlertPreferences(): AlertPreferences {
  const stored = readStored<Partial<AlertPreferences>>(storageKey, "json");
  return { sound: stored?.sound === true, desktop: stored?.desktop === true };
}

export function writeAlertPreferences(value: AlertPreferences): void {
  writeStored(storageKey, value);
}
