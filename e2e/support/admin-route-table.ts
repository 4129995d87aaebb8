import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The admin SPA's routes as its route tables declare them (`src/admin/**\/*-routes.ts(x)`), read when a
 * spec runs, so a screen added to any table is walked without the spec being told.
 */

const adminSource = join(process.cwd(), "src", "admin");

/** One route pattern in wouter's syntax ("/dashboard/jobs/:id/edit", ":id?", "*?") and how to match it. */
export interface RoutePattern {
  pattern: string;
  /** The parameters in the order they appear; a `*` counts as one named "*". */
  names: string[];
  regex: RegExp;
  /** Literal segments: the more, the more specific (wouter tables put "create" before ":id"). */
  literals: number;
}

function compile(pattern: string): RoutePattern {
  const names: string[] = [];
  let source = "";
  let literals = 0;
  for (const segment of pattern.split("/").filter(Boolean)) {
    const parameter = /^:(\w+)(\?)?$/.exec(segment);
    if (parameter) {
      names.push(parameter[1] ?? "");
      source += parameter[2] ? "(?:/([^/]+))?" : "/([^/]+)";
    } else if (segment === "*" || segment === "*?") {
      names.push("*");
      source += "(?:/(.*))?";
    } else {
      literals++;
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    }
  }
  return { pattern, names, regex: new RegExp(`^${source}/?$`), literals };
}

/** Every route pattern of the admin's route tables, those a signed-out visitor opens included. */
export function adminRoutePatterns(): RoutePattern[] {
  const files = readdirSync(adminSource, { recursive: true, encoding: "utf8" }).filter((file) =>
    /-routes\.tsx?$/.test(file),
  );
  const patterns = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(adminSource, file), "utf8");
    // Tables as data (`path: "/dashboard/…"`) and as JSX (`<Route path="/login" …>`).
    for (const match of source.matchAll(/\bpath(?::\s*|=)"(\/[^"]*)"/g)) {
      const path = match[1] ?? "";
      // The dashboard's catch-all is the area's door, not a screen.
      if (!path.includes("*")) patterns.add(path);
    }
  }
  return [...patterns].map(compile);
}

/**
 * Parameters whose value picks another screen rather than another record: a kind of content, a tab;
 * "create" under a record's parameter is the record's form for a new one.
 */
const screenParameter = /kind|tab|section|view|type/i;

/**
 * What a path opens, as a key: its most specific pattern, with the values of screen-picking parameters
 * and, for the others, only whether they are there ("/conversations/:projectId?/:id?" is a list without
 * an id and a conversation with one). Paths with the same key show the same screen for other records.
 */
export function screenOf(
  patterns: readonly RoutePattern[],
  path: string,
): { key: string; pattern: RoutePattern } | null {
  let best: { pattern: RoutePattern; values: (string | undefined)[] } | null = null;
  for (const pattern of patterns) {
    const match = pattern.regex.exec(path);
    if (match && (!best || pattern.literals > best.pattern.literals)) {
      best = { pattern, values: match.slice(1) };
    }
  }
  if (!best) return null;
  const { pattern, values } = best;
  const parts = pattern.names.map((name, index) => {
    const value = values[index];
    if (value === undefined) return `${name}=∅`;
    if (value === "create" || screenParameter.test(name)) return `${name}=${value}`;
    return `${name}=·`;
  });
  return { key: [pattern.pattern, ...parts].join(" "), pattern };
}
