/**
 * For benches that run the server as a process of its own (memory is measured per process): a free
 * port, waiting for `/healthz`, a widget session, and the process's memory from /proc.
 */

/** VmRSS (resident now) and VmHWM (the peak so far) of a process, in MB. */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: field("VmRSS") / 1024, peak: field("VmHWM") / 1024 };
}

export function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

export async function waitForHealth(base: string, child: Bun.Subprocess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await Bun.sleep(100);
  }
  throw new Error("the server did not answer /healthz within 30 s");
}

/** A session of the demo project: the headers its widget sends. */
export async function startSession(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo", "Content-Type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`session start answered ${response.status}`);
  const { gleapId, gleapHash } = (await response.json()) as { gleapId: string; gleapHash: string };
  return { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
}

/**
 * `src/server/main.ts` of the checkout at `root` as a child process on a free port (quiet, the demo
 * project only, no human verification), with `env` added; answers once `/healthz` answers.
 * `runtimeFlags` go to Bun before the script (`--cpu-prof`); `stdout: "pipe"` hands the log lines to
 * the caller, who must read them (the process stalls on a full pipe).
 */
export async function spawnServer(
  root: string,
  dirs: { dataDir: string; distDir: string },
  env: Record<string, string> = {},
  { runtimeFlags = [], stdout = "ignore" }: { runtimeFlags?: string[]; stdout?: "ignore" | "pipe" } = {},
): Promise<{ server: Bun.Subprocess; base: string }> {
  const port = freePort();
  const server = Bun.spawn([process.execPath, ...runtimeFlags, `${root}/src/server/main.ts`], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      MESSENGER_PORT: String(freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dirs.dataDir,
      DIST_DIR: dirs.distDir,
      LOG_LEVEL: "warn",
      DEMO_DATA: "minimal",
      CAPTCHA_PROVIDER: "off",
      ...env,
    },
    stdout,
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  return { server, base };
}

/**
 * Watches a process's memory from now on: VmHWM is reset first ("5" to clear_refs), so the peak is
 * this phase's own and not start-up's, and VmRSS is sampled every 20 ms for kernels that refuse the
 * reset. `stop` answers the memory after and the peak.
 */
export async function watchMemory(pid: number) {
  await Bun.write(`/proc/${pid}/clear_refs`, "5").catch(() => undefined);
  const before = await memoryOf(pid);
  let sampledPeak = before.rss;
  const sampler = setInterval(async () => {
    sampledPeak = Math.max(sampledPeak, (await memoryOf(pid).catch(() => before)).rss);
  }, 20);
  return {
    before,
    async stop(): Promise<{ after: { rss: number; peak: number }; peak: number }> {
      clearInterval(sampler);
      const after = await memoryOf(pid);
      return { after, peak: Math.max(sampledPeak, after.peak) };
    },
  };
}
