export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route<H> {
  method: Method;
  /** Path with `:name` segments, e.g. `/api/widget/config/:sdkKey/tooltips`. */
  pattern: string;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: "found"; handler: H; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: Method[] }
  | { kind: "none" };

interface CompiledRoute<H> extends Route<H> {
  segments: string[];
}

// Hand-written: a few lines of segment matching, where a router library would bring its own request
// types; Bun's built-in `routes` cannot sit behind the one request-log wrapper every request takes.
export function createRouter<H>(routes: readonly Route<H>[]) {
  const compiled: CompiledRoute<H>[] = routes.map((route) => ({ ...route, segments: split(route.pattern) }));
  return (method: string, pathname: string): RouteMatch<H> => {
    const path = split(pathname);
    const allowed: Method[] = [];
    for (const route of compiled) {
      const params = matchSegments(route.segments, path);
      if (!params) continue;
      if (route.method === method) return { kind: "found", handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
  };
}

function split(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index++) {
    const expected = pattern[index] as string;
    const actual = path[index] as string;
    if (expected.startsWith(":")) {
      try {
        const value = decodeURIComponent(actual);
        // No stored id holds a NUL, and PostgreSQL refuses one in a text parameter: no such path.
        if (value.includes("\u0000")) return null;
        params[expected.slice(1)] = value;
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
