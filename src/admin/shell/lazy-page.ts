import { type ComponentType, lazy } from "react";

/** One screen under /dashboard: its wouter path pattern and its (lazy) page component. */
export interface DashboardPage {
  path: string;
  page: ComponentType;
}

/** Spec §4: a page chunk that fails to load reloads the page, at most once per 10 s per path. */
export const chunkReloadGuardMs = 10_000;

function reloadOnce(): boolean {
  const key = `chunk-reload:${location.pathname}`;
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < chunkReloadGuardMs) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/**
 * React.lazy for a page: a failed import after a deploy (old hashed chunk gone) reloads to fetch the new
 * build, and otherwise rethrows so the error shows.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadOnce()) return new Promise<{ default: T }>(() => {});
      throw error;
    }),
  );
}
