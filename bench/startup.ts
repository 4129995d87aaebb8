import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchOptions } from "./cli-options.ts";
import { median } from "./latency-stats.ts";
import { freePort } from "./server-process.ts";

/**
 * How long `npm start` takes to its first 200 on /healthz, in three cases:
 *   - cold: no build in DIST_DIR and an empty data folder (the build, migrations and demo data);
 *   - unchanged: the same again on the unchanged checkout (build.ts finds its build current);
 *   - server alone: the server `npm start` runs after its build, `bun scripts/serve-bundle.ts` (the
 *     bundle, scripts/build/server-bundle.ts), on the data folder those starts migrated; beside it, without a
 *     budget, `bun src/server/main.ts`, the same server from its sources;
 *   - server alone after a crash: the bundle again, each start following one killed with SIGKILL (a
 *     supervisor restarting it), so the killed process's writer row is still fresh in the database;
 *   - the binary: `gleam serve` on the same folder, the executable an operator installs
 *     (scripts/build/compile.ts, built here from the same scratch build: bytecode, no transpiling).
 * Each is set beside an anchor spawned the same way in the same run, so the ratios travel between
 * machines where the milliseconds do not: for the two `npm start` cases, `npm start` of a scratch
 * package whose start script is a bare Bun.serve (npm's own start-up and the shell it runs); for the
 * server alone and the binary, that bare Bun.serve spawned by bun. Every process is polled every 5 ms
 * on a free port, with DIST_DIR and DATA_DIR in a scratch folder: the checkout's dist/ is never touched.
 *
 * Budgets (exit 1 when one is missed): cold within 10 s, unchanged within 3 s, the server alone and the
 * binary each within 150 ms (medians of --runs). An unchanged start that built after all (a source
 * edited meanwhile in a shared checkout) is counted apart and left out of its median.
 *
 *   bun bench/startup.ts [--runs 5] [--skip-cold] [--skip-binary]
 *
 * `--skip-cold` builds into the scratch folder untimed first, for a quick look at the rest;
 * `--skip-binary` leaves out the binary (compiling it takes a few seconds more).
 */
const { option, flag } = benchOptions();
const runs = Number(option("runs") ?? 5);
const root = resolve(import.meta.dir, "..");
const budgets = { cold: 10_000, unchanged: 3_000, server: 150 };
const pollMs = 5;
const helloScript = `Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT), fetch: () => new Response("hello") });`;
const bun = process.execPath;

interface Start {
  /** Milliseconds from the spawn to the first 200 on /healthz. */
  ms: number;
  /** What the process printed on stdout (build.ts says whether it built). */
  output: string;
  /**
   * CPU time of the spawned process's main thread until then (Linux): what an idle machine's wall time
   * comes down to, since the transpiler's and the JIT's threads run beside it.
   */
  mainThreadMs: number;
}

async function mainThreadCpuMs(pid: number): Promise<number> {
  const schedstat = await Bun.file(`/proc/${pid}/task/${pid}/schedstat`)
    .text()
    .catch(() => "");
  return Number(schedstat.split(" ")[0]) / 1e6;
}

async function firstHealthy(child: Bun.Subprocess<"ignore", "pipe", "pipe">, port: number, started: number) {
  while (performance.now() < started + 120_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return performance.now() - started;
    if (child.exitCode !== null)
      throw new Error(`exit code ${child.exitCode}:\n${await new Response(child.stderr).text()}`);
    await Bun.sleep(pollMs);
  }
  throw new Error("no answer on /healthz within 120 s");
}

/**
 * Spawns `command` in a process group of its own (npm runs a shell that runs bun), times it to its
 * first 200 on /healthz, then stops the whole group.
 */
async function timeStart(
  command: string[],
  env: Record<string, string>,
  cwd = root,
  stopSignal: "SIGTERM" | "SIGKILL" = "SIGTERM",
): Promise<Start> {
  const started = performance.now();
  const child = Bun.spawn(command, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
  });
  const output = new Response(child.stdout).text();
  try {
    const ms = await firstHealthy(child, Number(env.PORT), started);
    const mainThreadMs = await mainThreadCpuMs(child.pid);
    return { ms, mainThreadMs, output: await stopGroup(child, stopSignal).then(() => output) };
  } catch (error) {
    await stopGroup(child, "SIGKILL");
    throw new Error(`${command.join(" ")}: ${error instanceof Error ? error.message : error}`);
  }
}

async function stopGroup(child: Bun.Subprocess, signal: "SIGTERM" | "SIGKILL") {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
  await child.exited;
}

async function repeat(count: number, start: () => Promise<Start>): Promise<Start[]> {
  const starts: Start[] = [];
  for (let index = 0; index < count; index++) starts.push(await start());
  return starts;
}

const msOf = (starts: readonly Start[]) => median(starts.map((start) => start.ms));
const cpuOf = (starts: readonly Start[]) => median(starts.map((start) => start.mainThreadMs));

/** Compiles the operator's executable from the scratch build in `workDir/dist`; answers its path. */
function compileBinary(workDir: string): string {
  const outfile = join(workDir, "gleam");
  const env = { ...process.env, DIST_DIR: join(workDir, "dist") };
  const compile = [bun, join(root, "scripts", "build", "compile.ts"), `--outfile=${outfile}`];
  const compiled = Bun.spawnSync(compile, { cwd: root, env });
  if (compiled.exitCode !== 0) throw new Error(`compiling the binary failed:\n${compiled.stderr}`);
  return outfile;
}

function row(name: string, ms: number, anchor: number, budget: number, note = "") {
  const figure = `${Math.round(ms)} ms`.padStart(9);
  const ratio = `${(ms / anchor).toFixed(1)}× anchor`.padStart(13);
  return `${name.padEnd(28)} ${figure} ${ratio}  budget ${budget} ms ${ms <= budget ? "ok" : "MISSED"}${note}`;
}

/** The three cases and both anchors, in one scratch folder; answers whether every budget held. */
async function benchStartup(npm: string, workDir: string): Promise<boolean> {
  const serverEnv = () => ({
    PORT: String(freePort()),
    MESSENGER_PORT: String(freePort()),
    HOST: "127.0.0.1",
    DATA_DIR: join(workDir, "data"),
    DIST_DIR: join(workDir, "dist"),
    LOG_LEVEL: "warn",
  });
  const npmStart = () => timeStart([npm, "start"], serverEnv());
  // The anchor package: `npm start` runs a bare Bun.serve, through the same npm and shell.
  const anchorDir = join(workDir, "anchor");
  await Bun.write(join(anchorDir, "hello.ts"), helloScript);
  const anchorPackage = { name: "startup-anchor", private: true, scripts: { start: `${bun} hello.ts` } };
  await Bun.write(join(anchorDir, "package.json"), JSON.stringify(anchorPackage));
  const anchorEnv = () => ({ PORT: String(freePort()) });

  if (flag("skip-cold")) {
    const env = { ...process.env, DIST_DIR: join(workDir, "dist") };
    const build = Bun.spawnSync([bun, join(root, "build.ts"), "--quiet"], { cwd: root, env });
    if (build.exitCode !== 0) throw new Error(`the build failed:\n${build.stderr}`);
  }
  // Without --skip-cold: the build, the migrations and the demo data; with it, the last two.
  const cold = await npmStart();
  const unchanged = await repeat(runs, npmStart);
  const skipped = unchanged.filter((start) => start.output.includes(" is current ("));
  const bundled = join(root, "scripts", "serve-bundle.ts");
  const serverAlone = (stop: "SIGTERM" | "SIGKILL") => () =>
    timeStart([bun, bundled], serverEnv(), root, stop);
  const server = await repeat(runs, serverAlone("SIGTERM"));
  const sources = await repeat(runs, () => timeStart([bun, join(root, "src/server/main.ts")], serverEnv()));
  // The first is killed after a clean start, each next one after the start before it was killed.
  await serverAlone("SIGKILL")();
  const afterCrash = await repeat(runs, serverAlone("SIGKILL"));
  const binaryPath = flag("skip-binary") ? null : compileBinary(workDir);
  const binary = binaryPath ? await repeat(runs, () => timeStart([binaryPath, "serve"], serverEnv())) : null;
  const npmAnchor = msOf(await repeat(runs, () => timeStart([npm, "start"], anchorEnv(), anchorDir)));
  const bunAnchor = msOf(await repeat(runs, () => timeStart([bun, "-e", helloScript], anchorEnv())));

  const anchors = `npm start of a bare Bun.serve ${Math.round(npmAnchor)} ms, bun of it ${Math.round(bunAnchor)} ms`;
  console.log(`anchors (medians of ${runs}): ${anchors}`);
  if (!flag("skip-cold")) console.log(row("npm start, cold", cold.ms, npmAnchor, budgets.cold));
  const builtAgain = unchanged.length - skipped.length;
  const note = builtAgain > 0 ? ` (${builtAgain} of ${runs} built: no build stamp, or an input changed)` : "";
  const counted = skipped.length > 0 ? skipped : unchanged;
  console.log(row("npm start, unchanged (p50)", msOf(counted), npmAnchor, budgets.unchanged, note));
  const cpuNote = (starts: readonly Start[]) => `; main thread ${Math.round(cpuOf(starts))} ms of CPU (p50)`;
  console.log(row("server alone (p50)", msOf(server), bunAnchor, budgets.server, cpuNote(server)));
  console.log(
    row("  after a kill -9 (p50)", msOf(afterCrash), bunAnchor, budgets.server, cpuNote(afterCrash)),
  );
  const fromSources = `${Math.round(msOf(sources))} ms`.padStart(9);
  console.log(`${"  from the sources (p50)".padEnd(28)} ${fromSources}${cpuNote(sources)}`);
  if (binary)
    console.log(row("binary, gleam serve (p50)", msOf(binary), bunAnchor, budgets.server, cpuNote(binary)));
  return (
    (flag("skip-cold") || cold.ms <= budgets.cold) &&
    msOf(counted) <= budgets.unchanged &&
    msOf(server) <= budgets.server &&
    msOf(afterCrash) <= budgets.server &&
    (binary === null || msOf(binary) <= budgets.server)
  );
}

const npm = Bun.which("npm");
if (!npm) {
  console.error("npm is not on PATH");
  process.exit(2);
}
const workDir = await mkdtemp(join(tmpdir(), "bench-startup-"));
try {
  process.exitCode = (await benchStartup(npm, workDir)) ? 0 : 1;
} finally {
  await rm(workDir, { recursive: true, force: true });
}
