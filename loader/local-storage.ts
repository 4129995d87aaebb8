/** The page's localStorage, or null where reading it throws (blocked storage, sandboxed frames). */
export function localStorageOf(window: Window): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
