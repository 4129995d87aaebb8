import { dirname, join, normalize } from "node:path";

/**
 * The dependency rules of docs/architecture.md, read off the import graph: each rule names the files
 * it speaks of and what they may not import; the known exceptions the document lists are listed here
 * too, by importer and imported file, so a new break fails and a mended one is noticed (a stale
 * exception is reported as well).
 *
 * Tests and their helpers are outside the rules (`isTestCode`), as the document says.
 */
export interface Rule {
  name: string;
  /** The importers the rule speaks of. */
  applies: (file: string) => boolean;
  /** Whether importing `target` from `file` breaks the rule. */
  forbids: (target: string, file: string) => boolean;
}

/** Importer → imported pairs the document lists as known exceptions. */
export type Exceptions = Readonly<Record<string, readonly string[]>>;

const under = (folder: string) => (file: string) => file.startsWith(folder);
const anyOf =
  (...tests: Array<(file: string) => boolean>) =>
  (file: string) =>
    tests.some((test) => test(file));
const clients = ["loader/", "src/widget/", "src/messenger/", "src/admin/"];
const isClient = anyOf(...clients.map(under));

export function isTestCode(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /(^|\/)test-support\//.test(file) ||
    /-test-(support|kit)\.tsx?$/.test(file) ||
    file.startsWith("e2e/") ||
    file.startsWith("bench/")
  );
}

/** A surface folder of the widget (`src/widget/banner/…` → `banner`), or null. */
const surfaceOf = (file: string) => /^src\/widget\/([^/]+)\//.exec(file)?.[1] ?? null;

export const rules: readonly Rule[] = [
  {
    name: "src/shared/ imports no other part of the repo",
    applies: under("src/shared/"),
    forbids: (target) => !target.startsWith("src/shared/"),
  },
  {
    name: "clients never import server code",
    applies: isClient,
    forbids: under("src/server/"),
  },
  {
    name: "the widget API does not import the platform API",
    applies: under("src/server/widget-api/"),
    forbids: under("src/server/platform-api/"),
  },
  {
    name: "the platform API does not import the widget API",
    applies: under("src/server/platform-api/"),
    forbids: under("src/server/widget-api/"),
  },
  {
    name: "domain, http and realtime never import the route folders",
    applies: anyOf(under("src/server/domain/"), under("src/server/http/"), under("src/server/realtime/")),
    forbids: anyOf(under("src/server/widget-api/"), under("src/server/platform-api/")),
  },
  {
    name: "production code never imports demo data but through demo-seed.ts",
    applies: (file) => !file.startsWith("src/server/demo-data/") && file !== "src/server/demo-seed.ts",
    forbids: under("src/server/demo-data/"),
  },
  {
    // The tools of scripts/ (the test machine, the cluster on one machine) start processes with the
    // test helpers on purpose; the build's own scripts are product code.
    name: "production code never imports test helpers, e2e or bench",
    applies: anyOf(under("src/"), under("loader/"), under("scripts/build/"), (file) => file === "build.ts"),
    forbids: isTestCode,
  },
  {
    name: "the loader imports no widget chunk, messenger or admin",
    applies: under("loader/"),
    forbids: anyOf(under("src/widget/"), under("src/messenger/"), under("src/admin/")),
  },
  {
    name: "widget chunks import nothing from loader/",
    applies: under("src/widget/"),
    forbids: under("loader/"),
  },
  {
    name: "a widget surface imports only itself and src/widget/common/",
    applies: (file) => surfaceOf(file) !== null && surfaceOf(file) !== "common",
    forbids: (target, file) => {
      const surface = surfaceOf(target);
      return surface !== null && surface !== "common" && surface !== surfaceOf(file);
    },
  },
  {
    name: "src/widget/common/ imports no surface",
    applies: under("src/widget/common/"),
    forbids: (target) => surfaceOf(target) !== null && surfaceOf(target) !== "common",
  },
  {
    name: "the clients do not import each other",
    applies: isClient,
    forbids: (target, file) => {
      const own = clients.find((client) => file.startsWith(client));
      return clients.some((client) => client !== own && target.startsWith(client));
    },
  },
];

/**
 * Every import a file writes, type-only ones too (a type is a dependency of the design as much as a
 * value), resolved to repository paths; packages are left out.
 */
export function importsOf(file: string, source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.[^"']+)["']/g)) {
    found.add(normalize(join(dirname(file), match[1] as string)));
  }
  return [...found];
}

/** What breaks a rule and is not a listed exception, and the listed exceptions that no longer happen. */
export function ruleBreaks(
  graph: ReadonlyMap<string, readonly string[]>,
  exceptions: Exceptions,
): { breaks: string[]; staleExceptions: string[] } {
  const breaks: string[] = [];
  const used = new Set<string>();
  for (const [file, targets] of graph) {
    if (isTestCode(file)) continue;
    for (const target of targets) {
      for (const rule of rules) {
        if (!rule.applies(file) || !rule.forbids(target, file)) continue;
        if (exceptions[file]?.includes(target)) used.add(`${file} → ${target}`);
        else breaks.push(`${rule.name}: ${file} imports ${target}`);
      }
    }
  }
  const staleExceptions = Object.entries(exceptions)
    .flatMap(([file, targets]) => targets.map((target) => `${file} → ${target}`))
    .filter((pair) => !used.has(pair));
  return { breaks: [...new Set(breaks)].sort(), staleExceptions };
}
