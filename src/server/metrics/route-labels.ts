import { uploadsPath } from "../domain/uploads/upload-intake.ts";
import { captureFramePath } from "../http/capture-frame.ts";
import { spaRoutes, staffSocketPath, widgetSocketPath } from "../main-origin.ts";

/**
 * The `route` label of a request: the pattern of the route that answered it (`/api/projects/:id`),
 * never the path itself, whose ids would make a new series per session or report. Every value comes
 * from a fixed list (the route tables and the names below), so the label's values are bounded.
 */

/** A path no route of the origin takes (404s, probes, typos). */
export const otherRoute = "other";
/**
 * A file of the build (SDK, assets, demo page): the label when it was served; a path that found no
 * file is {@link otherRoute} (see {@link labelOfAnswer}).
 */
export const staticRoute = "static";
/** The admin SPA's own pages (`/`, `/login`, `/dashboard/…`). */
export const adminPageRoute = "admin-page";

export interface RoutePattern {
  method: string;
  pattern: string;
}

/** The label a request's method and path get; the same string object for every request of a route. */
export type RouteLabeler = (method: string, path: string) => string;

const segmentsOf = (path: string) => path.split("/").filter((segment) => segment !== "");

interface CompiledPattern extends RoutePattern {
  segments: string[];
}

const isParam = (segment: string | undefined) => segment?.startsWith(":") ?? false;

function matches(route: CompiledPattern, path: readonly string[]): boolean {
  const { segments } = route;
  if (segments.length !== path.length) return false;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string;
    if (segment !== path[index] && !segment.startsWith(":")) return false;
  }
  return true;
}

/**
 * The routes a path can match, in the table's order, found by its segment count and first two
 * segments (`api`, `feedback`): a path is compared with a handful of patterns, not the whole table.
 */
function candidateIndex(
  compiled: readonly CompiledPattern[],
): (path: readonly string[]) => readonly CompiledPattern[] {
  const keyOf = (length: number, first = "", second = "") => `${length}/${first}/${second}`;
  const byLength = new Map<number, CompiledPattern[]>();
  for (const route of compiled) {
    const routes = byLength.get(route.segments.length);
    if (routes) routes.push(route);
    else byLength.set(route.segments.length, [route]);
  }
  const fits = (route: CompiledPattern, index: number, segment: string) =>
    isParam(route.segments[index]) || route.segments[index] === segment;
  const byHead = new Map<string, CompiledPattern[]>();
  const wild = new Map<number, CompiledPattern[]>();
  for (const [length, routes] of byLength) {
    if (length < 2) continue;
    wild.set(
      length,
      routes.filter((route) => isParam(route.segments[0]) || isParam(route.segments[1])),
    );
    // Once per head, not once per route: many routes share a head (`api/projects`), and filtering the
    // group again for each of them grew with the square of the table.
    for (const { segments } of routes) {
      const [first = "", second = ""] = segments;
      const key = keyOf(length, first, second);
      if (isParam(first) || isParam(second) || byHead.has(key)) continue;
      byHead.set(
        key,
        routes.filter((route) => fits(route, 0, first) && fits(route, 1, second)),
      );
    }
  }
  return (path) => {
    if (path.length < 2) return byLength.get(path.length) ?? [];
    return byHead.get(keyOf(path.length, path[0], path[1])) ?? wild.get(path.length) ?? [];
  };
}

/**
 * The first pattern of `routes` a path matches, preferring one of the request's method, as the router
 * (router.ts) picks its handler; a path that matches only other methods' patterns (a 405) gets the
 * first of them. A path of no pattern answers null.
 *
 * Most requests name a route without parameters (the widget's ping): each such path's label is worked
 * out at its first request and kept, so labelling it again splits no path; the others are compared only
 * with the patterns of their segment count and first two segments. Nothing is worked out ahead: a
 * server builds this labeler while it starts, when every millisecond delays its first answer.
 */
export function patternLabeler(
  routes: readonly RoutePattern[],
): (method: string, path: string) => string | null {
  const compiled = routes.map((route) => ({ ...route, segments: segmentsOf(route.pattern) }));
  const candidates = candidateIndex(compiled);

  const scan = (method: string, path: string): string | null => {
    const parts = segmentsOf(path);
    let otherMethod: string | null = null;
    for (const route of candidates(parts)) {
      if (!matches(route, parts)) continue;
      if (route.method === method) return route.pattern;
      otherMethod ??= route.pattern;
    }
    return otherMethod;
  };

  // Kept per route method only for the table's own methods, so a client's made-up methods add nothing.
  const methods = new Set(routes.map((route) => route.method));
  /** Each path of a pattern without parameters, with the labels its methods got so far. */
  const exact = new Map(
    compiled
      .filter((route) => !route.segments.some(isParam))
      .map((route) => [route.pattern, new Map<string, string>()] as const),
  );

  return (method, path) => {
    // HEAD is answered as GET (main-origin.ts).
    const routeMethod = method === "HEAD" ? "GET" : method;
    const byMethod = exact.get(path);
    if (!byMethod) return scan(routeMethod, path);
    const key = methods.has(routeMethod) ? routeMethod : "";
    let label = byMethod.get(key);
    if (label === undefined) {
      // A fixed pattern matches its own path, so some route's pattern always answers.
      label = scan(key, path) ?? path;
      byMethod.set(key, label);
    }
    return label;
  };
}

/** The main origin: probes, sockets, both APIs by their route tables, the admin's pages, build files. */
export function mainOriginLabeler(tables: {
  widgetRoutes: readonly RoutePattern[];
  platformRoutes: readonly RoutePattern[];
}): RouteLabeler {
  const fixed = new Set(["/healthz", "/readyz", widgetSocketPath, staffSocketPath, captureFramePath]);
  const widget = patternLabeler(tables.widgetRoutes);
  const platform = patternLabeler(tables.platformRoutes);
  return (method, path) => {
    // First: the sockets' paths lie under `/api/`.
    if (fixed.has(path)) return path;
    if (path.startsWith("/api/widget/")) return widget(method, path) ?? otherRoute;
    if (path === "/api" || path.startsWith("/api/")) return platform(method, path) ?? otherRoute;
    if (spaRoutes.test(path)) return adminPageRoute;
    return staticRoute;
  };
}

/** The messenger origin's pages (messenger-origin.ts): each is a route of its own. */
const messengerPages = new Set(["/", "/banner", "/modal", "/builder"]);
const uploadRoute = `${uploadsPath}:name`;

/** The messenger origin: its pages, visitors' uploads, and the build's files. */
export function messengerOriginLabeler(): RouteLabeler {
  return (_method, path) => {
    if (messengerPages.has(path)) return path;
    if (path.startsWith(uploadsPath)) return uploadRoute;
    return staticRoute;
  };
}

/** A file label holds only for a file that was found; anything else there is a path of no route. */
export function labelOfAnswer(label: string, status: number): string {
  return label === staticRoute && status >= 400 ? otherRoute : label;
}
