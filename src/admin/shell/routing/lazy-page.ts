import { type ComponentType, createElement, lazy, useState } from "react";
import { moduleOnce } from "./module-once.ts";

/** Spec §4: a page chunk that fails to load reloads the page, at most once per 10 s per path. */
export const chunkReloadGuardMs = 10_000;

/**
 * Whether a failed chunk may reload the page now; records the reload when it may. A storage that
 * throws (private mode, quota) answers no: a reload loop is worse than an error page.
 */
export function claimChunkReload(
  storage: Pick<Storage, "getItem" | "setItem">,
  path: string,
  now: number,
): boolean {
  const key = `chunk-reload:${path}`;
  try {
    const last = Number(storage.getItem(key) ?? 0);
    if (now - last < chunkReloadGuardMs) return false;
    storage.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

/** A lazy page that can also be fetched ahead of navigation (route prefetch, spec §2). */
export type LazyPage = ComponentType & {
  /** The page's module (imported once); rejects when it cannot be loaded. */
  load(): Promise<{ default: ComponentType }>;
  /** The same import, for prefetching: a failure is ignored (the navigation will retry). */
  preload(): Promise<unknown>;
};

/** One screen under /dashboard: its wouter path pattern and its lazy page component. */
export interface DashboardPage {
  path: string;
  page: LazyPage;
  /**
   * Starts the screen's first requests, on a page load that opens it (initial-route.ts), while its code
   * is still on its way: `early-requests.ts`'s `startEarly` with the very paths the screen asks for.
   */
  startData?: (params: Record<string, string | undefined>, search: string) => void;
}

/**
 * React.lazy for a page: a failed import after a deploy (old hashed chunk gone) reloads to fetch the new
 * build, and otherwise rethrows so the error page shows. `preload` starts the same import early; the
 * import runs once either way.
 *
 * A page whose module is already there when it mounts renders at once, without suspending: a loading
 * state shown and replaced makes React hold the next reveal for 300 ms (its Suspense throttling), which
 * a page load that fetched the screen's code beforehand (initial-route.ts) would pay for nothing.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  const { load: loadOnce, loaded } = moduleOnce(load);
  const Lazy = lazy(() =>
    loadOnce().catch((error: unknown) => {
      if (claimChunkReload(sessionStorage, location.pathname, Date.now())) {
        location.reload();
        return new Promise<{ default: ComponentType }>(() => {});
      }
      throw error;
    }),
  );
  function Page(props: object) {
    // Decided once per mount: switching between the two afterwards would mount the screen again.
    const [ready] = useState(loaded);
    return createElement(ready ? ready.default : Lazy, props);
  }
  return Object.assign(Page, { load: loadOnce, preload: () => loadOnce().catch(() => undefined) });
}
