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

export function readAlertPreferences(storage: Pick<Storage, "getItem"> | null): AlertPreferences {
  try {
    const stored = JSON.parse(storage?.getItem(storageKey) ?? "{}") as Partial<AlertPreferences>;
    return { sound: stored.sound === true, desktop: stored.desktop === true };
  } catch {
    return { sound: false, desktop: false };
  }
}

export function writeAlertPreferences(
  storage: Pick<Storage, "setItem"> | null,
  value: AlertPreferences,
): void {
  try {
    storage?.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
}
