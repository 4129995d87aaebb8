import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import type { BuildManifest } from "../../shared/build-manifest.ts";
import { freeLoopbackPorts } from "../test-support/free-ports.ts";
import { type ProcessRun, runToEnd } from "../test-support/process-run.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { passingCheckLines } from "./test-support/passing-check-lines.ts";

// The single binary as an operator gets it: `npm run compile`'s script builds and compiles once, the
// file is copied alone into an empty folder and run there with nothing on PATH (no Node, no Bun, no
// node_modules), each command through the real executable.
setDefaultTimeout(processTestTimeoutMs);

const root = join(import.meta.dir, "..", "..", "..");
/** Build and compile take about 10 s alone; three other test files beside it stretch that. */
const compileTimeoutMs = 120_000;
/** Measured alone on a fresh folder with the demo seed: about 0.6 s; room for a loaded machine. */
const firstHealthzBoundMs = 3_000;
const idleRssBoundBytes = 100 * 1024 * 1024;

let workDir: string;
let binary: string;
let runDir: string;
let emptyPath: string;
let manifest: BuildManifest;

type Run = ProcessRun;

const stackFrame = /^\s+at /m;

/** The binary with only `env` (PATH an empty folder) in the run folder, killed after 20 s. */
function gleam(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runToEnd([binary, ...args], { cwd: runDir, env: { PATH: emptyPath, ...env } });
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "compiled-binary-"));
  const outfile = join(workDir, "build", "gleam");
  const compile = Bun.spawn(
    [process.execPath, join(root, "scripts", "build", "compile.ts"), `--outfile=${outfile}`],
    {
      cwd: root,
      env: { ...process.env, DIST_DIR: join(workDir, "build", "dist") },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [exitCode, stdout, stderr] = await Promise.all([
    compile.exited,
    new Response(compile.stdout).text(),
    new Response(compile.stderr).text(),
  ]);
  if (exitCode !== 0) throw new Error(`compile failed (${exitCode}):\n${stdout}\n${stderr}`);
  // The script's contract: the binary's path is the last line of its output.
  expect(stdout.trim().split("\n").at(-1)).toBe(outfile);
  manifest = await Bun.file(join(workDir, "build", "dist", "manifest.json")).json();
  runDir = join(workDir, "run");
  emptyPath = join(workDir, "empty-path");
  await mkdir(runDir);
  await mkdir(emptyPath);
  binary = join(runDir, "gleam");
  await copyFile(outfile, binary);
  await Bun.$`chmod +x ${binary}`;
}, compileTimeoutMs);

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe("the compiled binary's command line", () => {
  test("--help lists the commands; a bad command is exit 2 with the usage and no stack", async () => {
    const help = await gleam(["--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("  serve ");
    expect(help.stdout).toContain("  check ");
    const bad = await gleam(["serv"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('Unknown command "serv"');
    expect(bad.stderr).toContain("Usage: gleam <command>");
    expect(bad.stderr).not.toMatch(stackFrame);
    const extra = await gleam(["serve", "now"]);
    expect(extra.exitCode).toBe(2);
    expect(extra.stderr).toContain("Usage: gleam serve");
  });

  test("serve with an invalid variable is one line and exit 1, nothing written", async () => {
    const run = await gleam(["serve"], { PORT: "eighty", DATA_DIR: "bad-start" });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a port number from 0 to 65535, got "eighty"',
    );
    expect(await readdir(runDir)).toEqual(["gleam"]);
  });

  test("check on a good environment: every line ok, the assets embedded, exit 0", async () => {
    const run = await gleam(["check"]);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trim().split("\n");
    expect(lines.map((line) => line.split(":")[0])).toEqual(passingCheckLines);
    expect(lines.at(-1)).toContain(`embedded in this binary: built ${manifest.builtAt}`);
    expect(run.exitCode).toBe(0);
  });

  test("check on a bad environment: every problem named, exit 1", async () => {
    await writeFile(join(workDir, "a-file"), "x");
    const run = await gleam(["check"], {
      PORT: "eighty",
      MESSENGER_PORT: "99999",
      REDIS_URL: "localhost:6379",
      CAPTCHA_PROVIDER: "turnstile",
      DATA_DIR: join(workDir, "a-file", "data"),
    });
    expect(run.exitCode).toBe(1);
    const problems = run.stdout.split("\n").filter((line) => line.startsWith("problem "));
    for (const named of ["PORT", "MESSENGER_PORT", "REDIS_URL", "CAPTCHA_PROVIDER", "DATA_DIR"])
      expect(problems.some((line) => line.includes(named))).toBe(true);
    expect(run.stdout).not.toMatch(stackFrame);
  });
});

describe("gleam serve from the binary alone", () => {
  let child: ReturnType<typeof Bun.spawn> | null = null;
  let main: string;
  let messenger: string;
  let firstHealthzMs: number;

  beforeAll(async () => {
    const [port = 0, messengerPort = 0] = freeLoopbackPorts(2);
    main = `http://127.0.0.1:${port}`;
    messenger = `http://127.0.0.1:${messengerPort}`;
    const started = performance.now();
    child = Bun.spawn([binary, "serve"], {
      cwd: runDir,
      // CAPTCHA off only so the test can sign in with one request (the read threads need a signed-in list).
      env: {
        PATH: emptyPath,
        PORT: String(port),
        MESSENGER_PORT: String(messengerPort),
        CAPTCHA_PROVIDER: "off",
      },
      stdin: "ignore",
      stdout: "ignore",
      stderr: "pipe",
    });
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`serve exited: ${await new Response(child.stderr as ReadableStream).text()}`);
      const answer = await fetch(`${main}/healthz`).catch(() => null);
      if (answer?.ok) break;
      if (performance.now() - started > 30_000) throw new Error("serve did not answer /healthz within 30 s");
      await Bun.sleep(10);
    }
    firstHealthzMs = performance.now() - started;
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    await child?.exited;
  });

  test("answers /healthz soon after the spawn, on a data folder it made in the working directory", async () => {
    expect(firstHealthzMs).toBeLessThan(firstHealthzBoundMs);
    expect(await (await fetch(`${main}/healthz`)).json()).toMatchObject({ status: "ok" });
    expect((await readdir(join(runDir, "data"))).sort()).toContain("app.sqlite");
  });

  test("holds at most 100 MB once started", async () => {
    // Settled: the seed's garbage has had a collection; no request beyond /healthz yet.
    await Bun.sleep(1_000);
    const status = await Bun.file(`/proc/${child?.pid}/status`).text();
    const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    expect(rssKb * 1024).toBeGreaterThan(0);
    expect(rssKb * 1024).toBeLessThanOrEqual(idleRssBoundBytes);
  });

  test("serves the SDK, the admin, the messenger and /demo from the embedded build", async () => {
    const loader = await fetch(`${main}/sdk/loader.js`, { headers: { "Accept-Encoding": "br" } });
    expect(loader.status).toBe(200);
    expect(loader.headers.get("Content-Encoding")).toBe("br");
    expect((await loader.text()).length).toBeGreaterThan(1_000);
    const admin = await (await fetch(`${main}/`)).text();
    expect(admin).toContain(manifest.apps.admin.script);
    expect((await fetch(`${main}${manifest.apps.admin.script}`)).status).toBe(200);
    const frame = await (await fetch(`${messenger}/`)).text();
    expect(frame).toContain(manifest.apps.messenger.script);
    expect((await fetch(`${messenger}${manifest.apps.messenger.script}`)).status).toBe(200);
    const demo = await fetch(`${main}/demo`);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toContain("/sdk/loader.js");
    // The banner page's inline script is a function's source (frame-inbox.ts): minified and compiled
    // to bytecode here, it must still be whole and announce the frame.
    const banner = await (await fetch(`${messenger}/banner`)).text();
    const inline = /<script nonce="[^"]+">([^<]*)<\/script>/.exec(banner)?.[1] ?? "";
    const posted: string[] = [];
    const parent = { postMessage: (message: string) => posted.push(message) };
    const page = Object.assign(new EventTarget(), {
      document: { referrer: "https://shop.example/" },
      parent,
    });
    new Function("window", inline)(page);
    expect(posted).toEqual([JSON.stringify({ name: "banner-loaded", type: "BANNER" })]);
  });

  test("runs its worker threads: a report parsed, an admin list read, on the seeded demo data", async () => {
    const report = await fetch(`${main}/api/widget/bugs/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: "{}",
    });
    expect(report.status).toBe(201);
    const { id } = (await report.json()) as { id: string };
    const login = await fetch(`${main}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "admin@example.com", password: "admin" }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const users = await fetch(`${main}/api/users`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(users.status).toBe(200);
    expect(((await users.json()) as { items: unknown[] }).items.length).toBeGreaterThan(1);
    const sql = new SQL({ adapter: "sqlite", filename: join(runDir, "data", "app.sqlite"), readonly: true });
    try {
      expect(await sql`SELECT type FROM feedback_reports WHERE id = ${id}`).toEqual([{ type: "BUG" }]);
    } finally {
      await sql.close();
    }
  });

  test("stops on SIGTERM with exit 0", async () => {
    child?.kill("SIGTERM");
    const exited = await Promise.race([child?.exited, Bun.sleep(10_000).then(() => "still running")]);
    expect(exited).toBe(0);
  });
});
