import { useSyncExternalStore } from "react";

/** Below this width the dashboard is laid out for phones: a menu drawer, lists as cards (admin.css). */
export const narrowQuery = "(max-width: 767.98px)";
export const darkSchemeQuery = "(prefers-color-scheme: dark)";

const mediaList = (query: string) => globalThis.matchMedia?.(query);

/** Whether a media query matches now; re-renders when that changes (a rotated phone, a system theme). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = mediaList(query);
      list?.addEventListener("change", notify);
      return () => list?.removeEventListener("change", notify);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
