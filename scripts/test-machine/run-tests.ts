import { closeSync, openSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { testPagesFile } from "../../e2e/support/test-pages.ts";
import { testTimeoutMs } from "../../src/server/test-support/test-timeouts.ts";
import { failureDigest, loggedErrorLimit, loggedErrors } from "./failure-digest.ts";
import { formatCounts, junitCounts, junitFailures, sumCounts, type TestCounts } from "./junit-counts.ts";
import { testFilesOf, timedTestIgnorePatterns } from "./test-layers.ts";

/**
 * `npm test` and `npm run test:quick`: the stages of the suite, each with its wall time; then one line
 * `N passed, N failed` over every runner's JUnit report. Typecheck and lint run beside the unit tests;
 * every later stage runs alone, as each fills both cores by itself: the two engine passes side by side
 * took 376 s and 734 s of processor time, one after the other 330 s and 639 s (eight test workers and
 * two databases' writers on two cores mostly wait for each other).
 *
 *   bun scripts/test-machine/run-tests.ts          typecheck, lint and the unit tests on SQLite, then the
 *                                                  PostgreSQL + Redis pass, the timed tests and the
 *                                                  browser tests
 *   bun scripts/test-machine/run-tests.ts --quick  typecheck, lint, unit tests on SQLite
 *
 * Each stage writes its output to test-results/logs/<stage>.log and its JUnit report to
 * test-results/junit/<stage>.xml; a stage's log is printed when it ends (bun test prints failures
 * only), the browser tests' as they run. Exits 1 when any stage failed.
 */
const root = join(import.meta.dir, "..", "..");
const results = join(root, "test-results");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Its JUnit report, when the stage runs tests. */
  junit?: string;
  /** Streams its output while it runs (a stage that runs alone), instead of printing it at the end. */
  live?: boolean;
}

const junitPath = (stage: string) => join(results, "junit", `${stage}.xml`);

/**
 * A stage of bun tests (`bun test` itself or with-postgres-and-redis.ts, which hands its options on):
 * `command` and then `files`, printing failures only and writing the JUnit report under the stage's name.
 */
const bunTestStage = (name: string, command: string[], files: string[] = []): Stage => ({
  name,
  command: [
    ...command,
    "--only-failures",
    "--reporter=junit",
    `--reporter-outfile=${junitPath(name)}`,
    ...files,
  ],
  junit: junitPath(name),
});

/** Bun test workers: most unit files wait on sockets, timers and child processes, so more than the cores. */
const unitWorkers = 4;

/**
 * Both engine passes run the files of a worker in one global scope (`--no-isolate`): a fresh scope per
 * file evaluated the server's and the widget's modules again for each of some 500 files, 41 % of the
 * SQLite pass's processor time (354 → 209 s; the PostgreSQL pass 204 → 173 s alone). Each test server
 * still has its own database and ports; what a module keeps process-wide is keyed by the connection it
 * belongs to (WeakMaps), or is a cache of code.
 */
const sharedScope = "--no-isolate";

const checks: Stage[] = [
  { name: "typecheck", command: [bin("tsc"), "--noEmit", "-p", "tsconfig.json"] },
  { name: "lint", command: [bin("biome"), "check", "."] },
  bunTestStage("unit-sqlite", [
    process.execPath,
    "test",
    `--parallel=${unitWorkers}`,
    sharedScope,
    `--timeout=${testTimeoutMs}`,
    "--path-ignore-patterns=**/*.pg.test.ts",
    ...timedTestIgnorePatterns.map((pattern) => `--path-ignore-patterns=${pattern}`),
  ]),
];

const postgresPass = bunTestStage("server-postgres-redis", [
  process.execPath,
  "scripts/test-machine/with-postgres-and-redis.ts",
  `--parallel=${unitWorkers}`,
  sharedScope,
  "--timed=skip",
]);

/**
 * The timed tests (test-layers.ts), after the engine passes and one engine at a time: their figures are
 * how soon whole processes answer, which the test workers of a pass beside them would decide instead.
 */
const timedSqlite = bunTestStage(
  "timed-sqlite",
  [process.execPath, "test", `--timeout=${testTimeoutMs}`],
  (await testFilesOf(["unit", "db", "sqlite"], [], root, "only")).map((file) => `./${file}`),
);

const timedPostgres = bunTestStage("timed-postgres-redis", [
  process.execPath,
  "scripts/test-machine/with-postgres-and-redis.ts",
  "--timed=only",
]);

const browser: Stage = {
  name: "e2e",
  command: [bin("playwright"), "test"],
  env: { PLAYWRIGHT_JUNIT_OUTPUT_FILE: junitPath("e2e") },
  junit: junitPath("e2e"),
  live: true,
};

/**
 * The pages a failed browser test left: the specs' own `test-pages.md` (every page, by address) beside
 * Playwright's `error-context.md`, else that file. Playwright names it relative to its test folder
 * (e2e/); null when neither is there.
 */
async function readPageFile(errorContext: string): Promise<string | null> {
  for (const folder of [join(root, "e2e"), root]) {
    const path = join(folder, errorContext);
    for (const candidate of [join(dirname(path), testPagesFile), path]) {
      const file = Bun.file(candidate);
      if (await file.exists()) return file.text();
    }
  }
  return null;
}

/** The first errors the browser tests' servers logged (test-results/e2e-servers/, see global-setup.ts). */
async function browserServerErrors(): Promise<string[]> {
  const folder = join(results, "e2e-servers");
  const names = await readdir(folder).catch(() => []);
  const errors: string[] = [];
  for (const name of names.filter((file) => file.endsWith(".log")).sort())
    errors.push(...loggedErrors(name, await Bun.file(join(folder, name)).text()));
  return errors.slice(0, loggedErrorLimit);
}

interface StageResult {
  stage: Stage;
  ok: boolean;
  seconds: number;
  counts: TestCounts | null;
}

const duration = (seconds: number) =>
  seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

async function runStage(stage: Stage): Promise<StageResult> {
  const started = performance.now();
  const log = join(results, "logs", `${stage.name}.log`);
  const logFile = stage.live ? null : openSync(log, "w");
  const child = Bun.spawn(stage.command, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: "0", ...stage.env },
    stdin: "ignore",
    // One descriptor for both streams: two handles on the file would each write from its own offset,
    // and a failure's text on stderr was written over by the summary on stdout.
    stdout: stage.live ? "inherit" : logFile,
    stderr: stage.live ? "inherit" : logFile,
  });
  const exitCode = await child.exited;
  if (logFile !== null) closeSync(logFile);
  const seconds = (performance.now() - started) / 1000;
  const report = stage.junit ? Bun.file(stage.junit) : null;
  const counts = report && (await report.exists()) ? junitCounts(await report.text()) : null;
  const ok = exitCode === 0 && (stage.junit === undefined || (counts !== null && counts.failed === 0));
  const summary = counts ? ` (${formatCounts(counts)})` : "";
  if (!stage.live) {
    const output = (await Bun.file(log).text()).trim();
    console.log(`\n── ${stage.name} ${"─".repeat(Math.max(0, 60 - stage.name.length))}`);
    if (output) console.log(output);
  }
  console.log(`── ${stage.name}: ${ok ? "ok" : "FAILED"} in ${duration(seconds)}${summary}`);
  return { stage, ok, seconds, counts };
}

const quick = process.argv.includes("--quick");
await rm(results, { recursive: true, force: true });
await mkdir(join(results, "logs"), { recursive: true });
await mkdir(join(results, "junit"), { recursive: true });

const started = performance.now();
const finished: StageResult[] = await Promise.all(checks.map((stage) => runStage(stage)));
if (!quick) {
  finished.push(await runStage(postgresPass));
  finished.push(await runStage(timedSqlite), await runStage(timedPostgres));
  // The browser tests come last and alone: they start their own servers and want both cores.
  finished.push(await runStage(browser));
}

console.log("\nstage                    wall time   tests");
for (const { stage, ok, seconds, counts } of finished)
  console.log(
    `${stage.name.padEnd(24)} ${duration(seconds).padStart(10)}   ${counts ? formatCounts(counts) : ok ? "ok" : "FAILED"}`,
  );
const total = sumCounts(finished.flatMap((result) => (result.counts ? [result.counts] : [])));
const failedGates = finished.filter((result) => !result.ok && (result.counts?.failed ?? 0) === 0).length;
console.log(`${"all".padEnd(24)} ${duration((performance.now() - started) / 1000).padStart(10)}`);
for (const { stage } of finished) {
  const report = stage.junit ? Bun.file(stage.junit) : null;
  if (!report || !(await report.exists())) continue;
  for (const failed of junitFailures(await report.text())) {
    const context = failed.errorContext ? await readPageFile(failed.errorContext) : null;
    console.log(failureDigest(stage.name, failed, context).join("\n"));
  }
}
if (finished.some((result) => result.stage === browser && !result.ok)) {
  const errors = await browserServerErrors();
  if (errors.length > 0)
    console.log(
      ["errors the browser tests' servers logged:", ...errors.map((line) => `    ${line}`)].join("\n"),
    );
}
console.log(formatCounts({ passed: total.passed, failed: total.failed + failedGates }));
process.exit(finished.every((result) => result.ok) ? 0 : 1);
