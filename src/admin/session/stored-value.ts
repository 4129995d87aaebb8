/**
 * One value kept in localStorage under a fixed name. Strings are stored as they are (so a token can be
 * read in the devtools), objects as JSON. A blocked or full storage never breaks the app: the value
 * then lives only in memory.
 */
export function readStored<T>(key: string, parse: "string" | "json"): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw === null || raw === undefined) return null;
    return parse === "json" ? (JSON.parse(raw) as T) : (raw as T);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // Private mode or quota: memory only.
  }
}
