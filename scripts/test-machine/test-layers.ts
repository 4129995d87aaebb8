import { dirname, join, normalize } from "node:path";

/**
 * Test files say by their name what they need, so each pass of `npm test` runs only what depends on
 * its engine:
 *   - `x.test.ts`: no database, no server, no server process: runs once, in the SQLite pass;
 *   - `x.db.test.ts`: the engine under test, through `startTestServer` (SQLite, or PostgreSQL and
 *     Redis with TEST_DATABASE_URL and TEST_REDIS_URL): runs in both passes;
 *   - `x.sqlite.test.ts`: SQLite itself (its files, plans and checkpoints) or a server process on a
 *     data folder: the SQLite pass only;
 *   - `x.pg.test.ts`: needs the PostgreSQL and Redis of the second pass: that pass only.
 * `layerViolations` checks the names against what each file really imports.
 */
export type TestLayer = "unit" | "db" | "sqlite" | "pg";

const testFile = /\.test\.tsx?$/;

/** The layer a test file's name declares, or null for a file that is not a test. */
export function testLayerOf(path: string): TestLayer | null {
  if (!testFile.test(path)) return null;
  const layer = /\.(db|sqlite|pg)\.test\.tsx?$/.exec(path)?.[1];
  return (layer as TestLayer | undefined) ?? "unit";
}

/** Modules whose import means the test opens a database or starts a server. */
export const databaseEntries = [
  "src/server/test-support/test-server.ts",
  "src/server/test-support/temp-databases.ts",
  "src/server/test-support/server-process.ts",
  "src/server/database/database.ts",
  "src/server/server.ts",
];

/** Code that opens a database or starts the server's entry without going through those modules. */
const directUse = /new SQL\(|Bun\.spawn\(\[process\.execPath, entry\]/;

export interface SourceTree {
  /** The file's text, or null when there is none at that path. */
  read(path: string): string | null;
}

// Angle-bracket generics read differently in .ts and .tsx, so each extension gets its own parser.
const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

/** What a file imports at run time (type-only imports are left out), as written. */
function importSpecifiers(path: string, source: string): string[] {
  return transpilers[path.endsWith(".tsx") ? "tsx" : "ts"].scanImports(source).map((entry) => entry.path);
}

/** The repository paths a file imports at run time. */
function runtimeImports(path: string, source: string): string[] {
  return importSpecifiers(path, source)
    .filter((specifier) => specifier.startsWith(".") && /\.tsx?$/.test(specifier))
    .map((specifier) => normalize(join(dirname(path), specifier)));
}

/**
 * The first file among `path` and what it imports at run time, transitively, that `matches`; null when
 * none does.
 */
function firstReached(path: string, tree: SourceTree, matches: (path: string, source: string) => boolean) {
  const seen = new Set<string>([path]);
  const queue = [path];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const source = tree.read(current);
    if (source === null) continue;
    if (matches(current, source)) return current;
    for (const next of runtimeImports(current, source)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return null;
}

/** How `path` reaches a database: the database entry (or file using one directly) it imports, or null. */
export function databaseReach(path: string, tree: SourceTree): string | null {
  return firstReached(
    path,
    tree,
    (current, source) =>
      databaseEntries.includes(current) ||
      directUse.test(source) ||
      importSpecifiers(current, source).includes("bun:sqlite"),
  );
}

/** Where the PostgreSQL pass's database is read; every `*.pg.test.ts` goes through it. */
export const postgresPassModule = "src/server/test-support/postgres-pass.ts";

/** One line per test file whose name declares another layer than its imports show. */
export function layerViolations(paths: readonly string[], tree: SourceTree): string[] {
  const violations: string[] = [];
  for (const path of paths) {
    const layer = testLayerOf(path);
    if (layer === null) continue;
    const reach = databaseReach(path, tree);
    if (layer === "unit" && reach !== null)
      violations.push(`${path} reaches a database through ${reach}: name it .db.test.ts or .sqlite.test.ts`);
    if ((layer === "db" || layer === "sqlite") && reach === null)
      violations.push(`${path} reaches no database: name it .test.ts`);
    if (layer === "pg" && firstReached(path, tree, (current) => current === postgresPassModule) === null)
      violations.push(
        `${path} is a PostgreSQL-pass test but does not take its database from ${postgresPassModule}`,
      );
  }
  return violations;
}

/**
 * Tests whose subject includes how soon whole processes or threads answer (a compiled binary's first
 * /healthz, the WAL checkpoint thread keeping up, a cluster's failover and rejoin): `npm test` runs
 * them in a stage of their own after the two engine passes, so the eight test workers of those passes
 * do not decide their figures. Folders end in "/".
 */
export const timedTests: readonly string[] = [
  "src/server/cli/compiled-binary.sqlite.test.ts",
  // The checkpoint thread must keep up with a stream of commits: starved of a core, the WAL grew past
  // the test's bound (2.6 MB against 2 MB) while the mechanism was intact.
  "src/server/database/sqlite-wal-checkpointer.sqlite.test.ts",
  "scripts/cluster/",
  // Reads the PostgreSQL cluster's WAL per request kind: the other test files' writes in the same
  // cluster made a ping look costlier than a report.
  "bench/node-capacity.pg.test.ts",
];

/** Whether a test file is one of `timedTests`. */
export function isTimedTest(file: string): boolean {
  return timedTests.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));
}

/** `bun test --path-ignore-patterns` globs that leave the timed tests out of a pass. */
export const timedTestIgnorePatterns = timedTests.map((entry) =>
  entry.endsWith("/") ? `${entry}**` : entry,
);

/** Which of the timed tests a file list keeps: all files, only the timed ones, or all but them. */
export type TimedSelection = "all" | "only" | "skip";

/**
 * The test files of these layers in the working tree, optionally only those under one of `paths`
 * (folders or files, relative to the repository root), sorted.
 */
export async function testFilesOf(
  layers: readonly TestLayer[],
  paths: readonly string[] = [],
  root = process.cwd(),
  timed: TimedSelection = "all",
): Promise<string[]> {
  const files: string[] = [];
  for await (const file of new Bun.Glob("**/*.test.{ts,tsx}").scan({ cwd: root })) {
    if (file.startsWith("node_modules/") || file.includes("/node_modules/")) continue;
    const layer = testLayerOf(file);
    if (layer === null || !layers.includes(layer)) continue;
    if ((timed === "only" && !isTimedTest(file)) || (timed === "skip" && isTimedTest(file))) continue;
    const under = (path: string) => {
      const clean = normalize(path).replace(/\/$/, "");
      return file === clean || file.startsWith(`${clean}/`);
    };
    if (paths.length === 0 || paths.some(under)) files.push(file);
  }
  return files.sort();
}
