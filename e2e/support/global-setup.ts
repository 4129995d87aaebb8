import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, createWriteStream, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { altchaServerEnv, type E2eSlot, e2eLayout, mainServerEnv } from "./e2e-layout.ts";

/**
 * Playwright's global setup: builds once, seeds one template data folder per kind of server, and starts
 * every worker's slot (e2e-layout.ts) from copies of them: its main server, its ALTCHA server and its
 * database helper. Answers the teardown that stops them all and removes their folders.
 *
 * `E2E_SKIP_BUILD=1` serves the dist/ that is there (a caller that has just built it).
 * The servers' output goes to test-results/e2e-servers/.
 */
const root = join(import.meta.dirname, "..", "..");
const bun = join(root, "node_modules", ".bin", "bun");
const logs = join(root, "test-results", "e2e-servers");

function startProcess(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const log = createWriteStream(join(logs, `${name}.log`));
  const child = spawn(bun, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function waitForUrl(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited (${child.exitCode}): see ${logs}/${name}.log`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not answer ${url} within 60 s: see ${logs}/${name}.log`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the server once on an empty `dataDir` (it migrates and seeds), then stops it cleanly. */
async function seedTemplate(name: string, env: Record<string, string>): Promise<void> {
  const child = startProcess(name, ["src/server/main.ts"], env);
  try {
    await waitForUrl(`http://127.0.0.1:${env.PORT}/healthz`, child, name);
  } finally {
    await stop(child);
  }
}

/** Starts a slot's three processes from copies of the templates; each goes into `running` at once. */
async function startSlot(
  slot: E2eSlot,
  templates: { main: string; altcha: string },
  running: ChildProcess[],
) {
  cpSync(templates.main, slot.dataDir, { recursive: true });
  cpSync(templates.altcha, slot.altchaDataDir, { recursive: true });
  const name = (server: string) => `slot-${slot.index}-${server}`;
  const mainEnv = mainServerEnv(slot);
  const main = startProcess(name("main"), ["src/server/main.ts"], mainEnv);
  const altcha = startProcess(name("altcha"), ["src/server/main.ts"], altchaServerEnv(slot));
  running.push(main, altcha);
  // The helper opens the database the main server has made ready.
  await waitForUrl(`http://127.0.0.1:${slot.port}/healthz`, main, name("main"));
  const helper = startProcess(name("database"), ["e2e/support/database-helper.ts"], {
    ...mainEnv,
    DATABASE_HELPER_PORT: String(slot.databasePort),
  });
  running.push(helper);
  await Promise.all([
    waitForUrl(`http://127.0.0.1:${slot.altchaPort}/healthz`, altcha, name("altcha")),
    waitForUrl(`http://127.0.0.1:${slot.databasePort}/healthz`, helper, name("database")),
  ]);
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const layout = e2eLayout(config.workers);
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  if (process.env.E2E_SKIP_BUILD !== "1") {
    const build = spawnSync(bun, ["build.ts", "--quiet"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  }
  const first = layout.slots[0] as E2eSlot;
  const templates = {
    main: join(layout.root, "template", "main"),
    altcha: join(layout.root, "template", "altcha"),
  };
  await Promise.all([
    seedTemplate("template-main", { ...mainServerEnv(first), DATA_DIR: templates.main }),
    seedTemplate("template-altcha", { ...altchaServerEnv(first), DATA_DIR: templates.altcha }),
  ]);
  const running: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(running.map(stop));
    rmSync(layout.root, { recursive: true, force: true });
  };
  try {
    await Promise.all(layout.slots.map((slot) => startSlot(slot, templates, running)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
