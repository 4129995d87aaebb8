/**
 * wouter's path patterns as its default parser reads them (regexparam: `/a/:id`, `/a/:id?`, a trailing
 * slash allowed, case ignored), for matching a path before anything renders, where the router's own
 * parser (a hook's value) is not at hand: a page load's first screen (dashboard-routes.tsx). Only the
 * forms the dashboard's routes use; a pattern with `*` or a `.` after a parameter matches nothing here,
 * so its screen is simply not started early. route-pattern.test.ts checks it against wouter's parser.
 */
export function parseRoutePattern(route: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  let source = "";
  for (const segment of route.split("/").filter(Boolean)) {
    if (segment.includes("*") || (segment.startsWith(":") && segment.includes(".")))
      return { pattern: /$^/, keys: [] };
    if (!segment.startsWith(":")) {
      source += `/${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&")}`;
      continue;
    }
    const optional = segment.endsWith("?");
    keys.push(segment.slice(1, optional ? -1 : undefined));
    source += optional ? "(?:/([^/]+?))?" : "/([^/]+?)";
  }
  return { pattern: new RegExp(`^${source}/?$`, "i"), keys };
}
