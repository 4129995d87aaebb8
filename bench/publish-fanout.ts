import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchOptions } from "./cli-options.ts";
import { signInDemoAdmin } from "./demo-admin.ts";
import { median } from "./latency-stats.ts";
import { bareRound, notificationPublisher } from "./notification-publish.ts";
import { spawnServer } from "./server-process.ts";
import {
  firstLineOf,
  inParallel,
  openFileLimit,
  openSocket,
  type RoundResult,
} from "./socket-fanout-timing.ts";
import { startVisitor, visitorSocketUrl } from "./widget-visitor.ts";

/**
 * An admin publishing one notification to N connected visitors, through the real path: the admin's
 * `POST /api/projects/{p}/outbounds/{id}/publish` on the server (its own process, SQLite, rate limits
 * off), the publish signal, the delivery to every connected session,
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

const largest = Math.max(...sizes);
const needed = largest * 2 + 200;
if ((await openFileLimit()) < needed) {
  console.error(
    `${largest} sockets to each server need about ${needed} open files: run \`ulimit -n ${needed}\` first.`,
  );
  process.exit(1);
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

  const admin = await signInDemoAdmin(base);
  const publisher = notificationPublisher(base, admin, await admin.demoProjectId(), "/pricing");

  /** A visitor: a session, a ping on the page the notification is for, the widget's socket. */
  const addVisitor = async () => {
    productSockets.push(await openSocket(visitorSocketUrl(base, await startVisitor(base, page))));
  };
  const productRound = () => publisher.round(productSockets);
  const bareRoundOnce = () => bareRound(bareBase, bareSockets, publisher.sampleMessage());

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
    await bareRoundOnce();
    const product: RoundResult[] = [];
    const baseline: RoundResult[] = [];
    for (let round = 0; round < rounds; round++) {
      product.push(await productRound());
      baseline.push(await bareRoundOnce());
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
