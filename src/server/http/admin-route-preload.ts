import type { AppEntry } from "../../shared/build-manifest.ts";

/**
 * The lazy chunks the admin page at a path preloads (the build's `AppEntry.routes`, from
 * src/shared/admin-route-modules.ts): every matching pattern's chunks, each once, in the table's order
 * (the dashboard's own chunk before a screen's). Patterns are compiled once, when the origin starts.
 */
export function adminRoutePreload(routes: AppEntry["routes"]): (path: string) => string[] {
  const compiled = (routes ?? []).map(({ pattern, preload }) => ({ pattern: new RegExp(pattern), preload }));
  return (path) => {
    const chunks = new Set<string>();
    for (const { pattern, preload } of compiled)
      if (pattern.test(path)) for (const chunk of preload) chunks.add(chunk);
    return [...chunks];
  };
}
