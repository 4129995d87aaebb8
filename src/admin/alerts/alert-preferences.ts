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

const listeners = new Set<() => void>();

export function writeAlertPreferences(value: AlertPreferences): void {
  writeStored(storageKey, value);
  for (const listener of listeners) listener();
}

/** Called after each write, so the bell and the profile page show the same choices at once. */
export function subscribeAlertPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
