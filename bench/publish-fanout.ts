import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { demo } from "../src/server/demo-seed.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer } from "./server-process.ts";

/**
 * An admin publishing one notification to N connected visitors, through the real path: the admin's
 * `POST /api/projects/{p}/outbounds/{id}/publish` on the server (its own process, SQLite, rate limits
 * off), the publish signal, the delivery to every connected session (issue 23: one set operation),
 * and each visitor's widget socket receiving the `update`. N visitors are N widget sessions, each on a
 * page the notification's page filter matches, each with one socket held by this process (not the
 * server's). Measured: from sending the publish request to each socket's receipt, p50 and p99.
 *
 * Beside it, in the same run and interleaved round by round: a bare `Bun.serve` (bare-pubsub-server.ts,
 * a process of its own) with N sockets on one topic, `POST /publish` doing one `server.publish` of a
 * message of the same size, timed the same way. The ratio of the two is the figure to compare.
 *
 *   bun bench/publish-fanout.ts [--sockets 2000,5000] [--rounds 5] [--root <checkout>]
 *
 * `--root` runs another checkout's server (e.g. a `git archive` of an older commit, with a
 * `node_modules` link) for a before/after comparison. Each socket is a file descriptor here and in
 * the server: this process needs about twice the largest N (`ulimit -n`).
 */
const cli = benchOptions();
const sizes = (cli.option("sockets") ?? "2000,5000").split(",").map(Number);
const rounds = Number(cli.option("rounds") ?? 5);
const root = resolve(cli.option("root") ?? join(import.meta.dir, ".."));
const page = "https://shop.example/plans/pricing";
const roundTimeoutMs = 30_000;

async function openFileLimit(): Promise<number> {
  const limits = await Bun.file("/proc/self/limits").text();
  return Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
}

const largest = Math.max(...sizes);
const needed = largest * 2 + 200;
if ((await openFileLimit()) < needed) {
  console.error(
    `${largest} sockets to each server need about ${needed} open files: run \`ulimit -n ${needed}\` first.`,
  );
  process.exit(1);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Runs `task` for each item with at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await task(item);
      }
    }),
  );
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener("open", () => resolveOpen(socket), { once: true });
    socket.addEventListener("error", () => reject(new Error(`socket to ${url} refused`)), { once: true });
  });
}

interface RoundResult {
  p50: number;
  p99: number;
  /** Sockets that got nothing within the round's time limit. */
  missing: number;
  /** When the publish request was answered. */
  answeredMs: number;
}

/**
 * Sends `publish` and times each socket's first message containing `marker`, from just before the
 * request went out.
 */
async function timeRound(
  sockets: readonly WebSocket[],
  marker: string,
  publish: () => Promise<Response>,
): Promise<RoundResult> {
  const arrivals: number[] = [];
  let sent = 0;
  let finish = () => {};
  const done = new Promise<void>((resolveDone) => {
    finish = resolveDone;
  });
  const timer = setTimeout(() => finish(), roundTimeoutMs);
  for (const socket of sockets) {
    let seen = false;
    socket.onmessage = (event) => {
      if (seen || !String(event.data).includes(marker)) return;
      seen = true;
      arrivals.push(performance.now() - sent);
      if (arrivals.length === sockets.length) finish();
    };
  }
  sent = performance.now();
  const response = await publish();
  const answeredMs = performance.now() - sent;
  if (!response.ok) throw new Error(`publish answered ${response.status}: ${await response.text()}`);
  await done;
  clearTimeout(timer);
  for (const socket of sockets) socket.onmessage = null;
  arrivals.sort((a, b) => a - b);
  return {
    p50: percentile(arrivals, 50),
    p99: percentile(arrivals, 99),
    missing: sockets.length - arrivals.length,
    answeredMs,
  };
}

/** The first line a child process prints (the bare server's port), without waiting for it to exit. */
async function firstLineOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text.split("\n")[0] ?? "";
}

const workDir = await mkdtemp(join(tmpdir(), "bench-publish-fanout-"));
const distDir = join(workDir, "dist");
await writeFixtureDist(distDir);
const { server, base } = await spawnServer(
  root,
  { dataDir: join(workDir, "data"), distDir },
  { RATE_LIMITS: "0", LOG_LEVEL: "error" },
);
const bare = Bun.spawn([process.execPath, join(import.meta.dir, "bare-pubsub-server.ts")], {
  stdout: "pipe",
  stderr: "inherit",
});
const productSockets: WebSocket[] = [];
const bareSockets: WebSocket[] = [];
// The widget sends PING every 10 s: any frame keeps its socket from the server's idle timeout.
const keepAlive = setInterval(() => {
  for (const socket of productSockets) socket.send("PING");
}, 10_000);

try {
  const barePort = await firstLineOf(bare.stdout).then(Number);
  if (!Number.isFinite(barePort)) throw new Error("the bare pub/sub server did not start");
  const bareBase = `http://127.0.0.1:${barePort}`;

  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: demo.adminEmail, password: demo.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const projects = await admin<{ items: Array<{ id: string; sdkKey: string }> }>(
    "GET",
    "/api/projects?sort=name&pageSize=100",
  );
  const projectId = projects.items.find((project) => project.sdkKey === "demo")?.id;
  if (!projectId) throw new Error("the demo project is missing");
  const outbounds = `/api/projects/${projectId}/outbounds`;

  /** A visitor: a session, a ping on the page the notification is for, the widget's socket. */
  const addVisitor = async () => {
    const started = await fetch(`${base}/api/widget/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo", "Content-Type": "application/json" },
      body: '{"lang":"en"}',
    });
    if (!started.ok) throw new Error(`session start answered ${started.status}`);
    const { gleapId, gleapHash } = (await started.json()) as { gleapId: string; gleapHash: string };
    const pinged = await fetch(`${base}/api/widget/sessions/ping`, {
      method: "POST",
      headers: {
        "Api-Token": "demo",
        "Gleap-Id": gleapId,
        "Gleap-Hash": gleapHash,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        time: 1,
        events: [{ name: "pageView", date: new Date().toISOString(), data: { page } }],
      }),
    });
    if (!pinged.ok) throw new Error(`ping answered ${pinged.status}`);
    const query = new URLSearchParams({ gleapId, gleapHash, apiKey: "demo", sdkVersion: "14.6.7" });
    productSockets.push(await openSocket(`${base.replace(/^http/, "ws")}/api/widget/ws?${query}`));
  };

  let serial = 0;
  let sample = "";
  /** One admin publish of a new notification (made beforehand), withdrawn after so the next one heads the stack. */
  const productRound = async (): Promise<RoundResult> => {
    serial += 1;
    const created = await admin<{ id: string }>("POST", outbounds, {
      type: "notification",
      name: `Bench ${serial}`,
      config: { text: `Hi {{name}}, round ${serial} of our new plans`, sender: { name: "Kim" } },
      pageFilter: "/pricing",
      pageFilterType: "endswith",
    });
    const result = await timeRound(productSockets, created.id, () =>
      fetch(`${base}${outbounds}/${created.id}/publish`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    await admin("POST", `${outbounds}/${created.id}/unpublish`);
    sample ||= JSON.stringify({
      name: "update",
      data: {
        a: [
          {
            actionType: "notification",
            data: { text: `Hi, round ${serial} of our new plans` },
            outbound: created.id,
            pageFilter: "/pricing",
            pageFilterType: "endswith",
            createdAt: new Date().toISOString(),
            sound: false,
          },
        ],
        u: 1,
      },
    });
    return result;
  };
  /** The same-sized message through one bare `server.publish`. */
  const bareRound = (): Promise<RoundResult> => {
    serial += 1;
    const marker = Bun.randomUUIDv7();
    const message = sample.replace(/"outbound":"[^"]*"/, `"outbound":"${marker}"`);
    return timeRound(bareSockets, marker, () =>
      fetch(`${bareBase}/publish`, { method: "POST", body: message }),
    );
  };

  const format = (label: string, result: { p50: number; p99: number }) =>
    `${label.padEnd(34)} p50 ${result.p50.toFixed(1).padStart(7)} ms   p99 ${result.p99.toFixed(1).padStart(7)} ms`;
  const summary: string[] = [];
  for (const size of sizes) {
    const started = performance.now();
    await inParallel(Array.from({ length: size - productSockets.length }), 32, addVisitor);
    while (bareSockets.length < size) {
      const batch = Math.min(500, size - bareSockets.length);
      bareSockets.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openSocket(`ws://127.0.0.1:${barePort}/ws`)),
        )),
      );
    }
    console.log(
      `\n${size} visitors connected (${((performance.now() - started) / 1000).toFixed(1)} s to set up)`,
    );
    // One round of each first, not counted: the first publish warms caches and JIT on both sides.
    await productRound();
    await bareRound();
    const product: RoundResult[] = [];
    const baseline: RoundResult[] = [];
    for (let round = 0; round < rounds; round++) {
      product.push(await productRound());
      baseline.push(await bareRound());
    }
    const missing = product.reduce((sum, result) => sum + result.missing, 0);
    const bareMissing = baseline.reduce((sum, result) => sum + result.missing, 0);
    const medianOf = (results: RoundResult[]) => ({
      p50: median(results.map((result) => result.p50)),
      p99: median(results.map((result) => result.p99)),
    });
    const ours = medianOf(product);
    const theirs = medianOf(baseline);
    console.log(format("bare Bun pub/sub (one publish)", theirs));
    console.log(format("admin publish → widget sockets", ours));
    console.log(
      `publish request answered in ${median(product.map((result) => result.answeredMs)).toFixed(1)} ms (median)`,
    );
    const line = `${size} sockets: admin publish p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms; bare p50 ${theirs.p50.toFixed(1)} ms, p99 ${theirs.p99.toFixed(1)} ms; p99 ratio ${(ours.p99 / theirs.p99).toFixed(2)}× bare${missing + bareMissing > 0 ? ` (${missing} product and ${bareMissing} bare arrivals missing)` : ""}`;
    console.log(line);
    summary.push(line);
  }
  console.log(`\nmedians of ${rounds} interleaved rounds each:\n${summary.join("\n")}`);
} finally {
  clearInterval(keepAlive);
  for (const socket of [...productSockets, ...bareSockets]) socket.close();
  server.kill();
  bare.kill();
  await Promise.all([server.exited, bare.exited]);
  await rm(workDir, { recursive: true, force: true });
}
