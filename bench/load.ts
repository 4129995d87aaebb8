import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demo } from "../src/server/demo-seed.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer, watchMemory } from "./server-process.ts";

/**
 * 60 s of mixed widget traffic against the real server, each in a process of its own: the server
 * (`src/server/main.ts`, SQLite in a scratch folder, `RATE_LIMITS=0`) and the load generator
 * (bench/load-generator.ts: visitors with open sockets, pings, new sessions, identifies, reports, and
 * an admin publishing a notification to every connected visitor every 10 s). Prints throughput,
 * p50/p99 per kind, errors and the server's resident memory (now and peak, from /proc). Exit 1 when
 * any request or socket failed.
 *
 *   bun bench/load.ts [--seconds 60] [--visitors 500] [--loops 32] [--publish-every 10]
 *     [--database-url postgres://…] [--redis-url redis://…]
 */
const { option } = benchOptions();
const seconds = option("seconds") ?? "60";
const visitors = option("visitors") ?? "500";
const loops = option("loops") ?? "32";
const publishEvery = option("publish-every") ?? "10";
const root = join(import.meta.dir, "..");

const workDir = await mkdtemp(join(tmpdir(), "bench-load-"));
const env: Record<string, string> = { RATE_LIMITS: "0" };
const databaseUrl = option("database-url");
const redisUrl = option("redis-url");
if (databaseUrl) env.DATABASE_URL = databaseUrl;
if (redisUrl) env.REDIS_URL = redisUrl;
await writeFixtureDist(join(workDir, "dist"));
const { server, base } = await spawnServer(
  root,
  { dataDir: join(workDir, "data"), distDir: join(workDir, "dist") },
  env,
);

let failed = false;
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: demo.adminEmail, password: demo.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const projects = (await (
    await fetch(`${base}/api/projects`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { items: Array<{ id: string; sdkKey: string }> };
  const project = projects.items.find((candidate) => candidate.sdkKey === "demo");
  if (!project) throw new Error("the server has no demo project");

  const memory = await watchMemory(server.pid);
  const generator = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "load-generator.ts"),
      ...["--base", base, "--seconds", seconds, "--visitors", visitors, "--loops", loops],
      ...["--publish-every", publishEvery, "--admin-token", token, "--project-id", project.id],
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const output = await new Response(generator.stdout).text();
  await generator.exited;
  const { after, peak } = await memory.stop();
  if (generator.exitCode !== 0) throw new Error(`the load generator exited with ${generator.exitCode}`);
  const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as {
    seconds: number;
    visitors: number;
    sockets: number;
    publishes: number;
    // JSON has no NaN: a kind with no sample has null percentiles.
    kinds: Record<string, { count: number; errors: number; p50: number | null; p99: number | null }>;
    errorSamples: string[];
  };

  const engine = databaseUrl ? "PostgreSQL" : "SQLite";
  console.log(
    `Mixed widget load: ${result.seconds.toFixed(0)} s, ${result.visitors} visitors with ${result.sockets} open sockets, ${loops} request loops, a publish every ${publishEvery} s; ${engine}${redisUrl ? " + Redis" : ""}\n`,
  );
  console.log(
    `${"kind".padEnd(16)} ${"count".padStart(8)} ${"per s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"errors".padStart(7)}`,
  );
  let requests = 0;
  let errors = 0;
  const ms = (value: number | null) => (value === null ? "-" : value.toFixed(1)).padStart(8);
  for (const [kind, figures] of Object.entries(result.kinds)) {
    if (kind !== "publish-arrival" && kind !== "socket") requests += figures.count;
    errors += figures.errors;
    console.log(
      `${kind.padEnd(16)} ${String(figures.count).padStart(8)} ${(figures.count / result.seconds).toFixed(0).padStart(8)} ${ms(figures.p50)} ${ms(figures.p99)} ${String(figures.errors).padStart(7)}`,
    );
  }
  console.log(
    `\nthroughput ${(requests / result.seconds).toFixed(0)} requests/s, ${errors} errors; server RSS ${after.rss.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB`,
  );
  if (result.errorSamples.length > 0) console.log(`errors seen: ${result.errorSamples.join("; ")}`);
  failed = errors > 0;
} finally {
  server.kill();
  await server.exited;
  await rm(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
