import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { insertRows } from "../src/server/demo-data/bulk-insert.ts";
import { createRandom } from "../src/server/demo-data/random.ts";
import { demoUserPassword } from "../src/server/demo-data/seed-platform-demo-data.ts";
import { generateUsers } from "../src/server/demo-data/users.ts";
import { demo } from "../src/server/demo-seed.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import { benchOptions } from "./cli-options.ts";
import { runWrk, type WrkResult, wrkAvailable, wrkInstallHint } from "./wrk-paths.ts";

/**
 * Latency of the platform API over a large user table: 100,000 generated accounts inserted next to the
 * demo admin, then the admin users list under `--concurrency` clients (8 by default) driven by wrk, a
 * process of its own, beside a bare Bun.serve hello-world in the same run (interleaved rounds, medians):
 *
 * - "one search, paging": the same filtered, sorted search, pages 1 to 4 in turn (an admin paging);
 *   the count is read once and reused while the users list does not change (list_versions).
 * - "a new search each time": 676 different two-letter searches in turn, so every request counts its
 *   matches over all 100,000 rows (the reader threads' reuse never hits).
 *
 * Then the admin's login, one request after another in-process (a password hash per call).
 * Budget: p99 ≤ 50 ms on SQLite for "one search, paging" at 8 clients. Without wrk the list is
 * measured in-process instead (and says so). DATABASE_URL may point at an empty PostgreSQL database
 * to measure that engine (no budget there).
 *
 *   bun bench/platform-api.ts [--users 100000] [--concurrency 8] [--rounds 3] [--duration 5]
 *                             [--requests 300] [--q an]
 */
const { option, numbers } = benchOptions();
const {
  users: userCount,
  requests: requestCount,
  concurrency,
  rounds,
  duration: durationS,
} = numbers({ users: 100_000, requests: 300, concurrency: 8, rounds: 3, duration: 5 });
const search = option("q") ?? "an";
const warmUp = 30;
const listBudgetMs = 50;

interface Latencies {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** `count` calls spread over `concurrency` loops, each starting its next call when the last one ended. */
async function measure(count: number, call: () => Promise<boolean>, loops = concurrency): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (started < count) {
        started++;
        const t0 = performance.now();
        const ok = await call();
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const format = (result: Latencies) =>
  `p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms  (${result.requests} requests, ${result.errors} errors)`;

const workDir = await mkdtemp(join(tmpdir(), "bench-platform-api-"));
await writeFixtureDist(join(workDir, "dist"));
const config = benchServerConfig(workDir, join(workDir, "dist"), {
  DEMO_DATA: "minimal",
  // Scripted logins: no human verification, and no per-account limit on the admin's repeated logins.
  CAPTCHA_PROVIDER: "off",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const server = await startServer(config, createLogger("silent"));

let failed = false;
try {
  const sql = server.db.sql;
  const t0 = performance.now();
  const passwordHash = await Bun.password.hash(demoUserPassword, { algorithm: "argon2id" });
  const users = generateUsers(createRandom("bench-platform-api"), {
    count: userCount,
    adminCount: Math.round(userCount / 1000),
    passwordHash,
    taken: { names: [demo.adminName], emails: [demo.adminEmail] },
  });
  const rows = users.map((user) => user.row);
  await sql.begin((tx) => insertRows(tx, "users", rows));
  // Fresh statistics, so the query planner knows the table is large (as it would after daily use).
  if (server.db.engine === "sqlite") await sql`ANALYZE`;

  console.log(
    `Platform API on ${config.database.engine}, ${userCount.toLocaleString("en")} generated users inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const main = server.mainUrl.replace("localhost", "127.0.0.1");
  const login = () =>
    fetch(`${main}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: demo.adminEmail, password: demo.adminPassword }),
    });
  const first = await login();
  if (first.status !== 200) throw new Error(`admin login answered ${first.status}: ${await first.text()}`);
  const token = ((await first.json()) as { access_token: string }).access_token;

  const listPath = (q: string, page: number) =>
    `/api/users?q=${encodeURIComponent(q)}&status=enabled&sort=-createdAt&page=${page}&pageSize=25`;
  const probe = await fetch(`${main}${listPath(search, 3)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (probe.status !== 200) throw new Error(`GET /api/users answered ${probe.status}: ${await probe.text()}`);
  const page = (await probe.json()) as { total: number; items: unknown[] };
  console.log(
    `GET ${listPath(search, 3)}\n  matches ${page.total.toLocaleString("en")} users, page holds ${page.items.length}\n`,
  );

  const paging = [1, 2, 3, 4].map((n) => listPath(search, n));
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const searches = [...letters].flatMap((a) => [...letters].map((b) => listPath(`${a}${b}`, 1)));
  let listP99 = Number.NaN;

  if (wrkAvailable()) {
    const hello = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("hello") });
    const bareOrigin = `http://127.0.0.1:${hello.port}`;
    const wrk = (origin: string, paths: readonly string[], seconds: number) =>
      runWrk({
        origin,
        paths,
        connections: concurrency,
        threads: Math.min(2, concurrency),
        durationS: seconds,
        bearer: token,
      });
    // Warm-up: reader threads started, statements prepared, pages cached by the OS.
    await wrk(main, paging, 1);
    await wrk(main, searches, 1);
    const results: Record<"bare" | "paging" | "searches", WrkResult[]> = {
      bare: [],
      paging: [],
      searches: [],
    };
    for (let round = 1; round <= rounds; round++) {
      results.bare.push(await wrk(bareOrigin, ["/"], durationS));
      results.paging.push(await wrk(main, paging, durationS));
      results.searches.push(await wrk(main, searches, durationS));
      console.log(`round ${round}/${rounds} done`);
    }
    hello.stop(true);
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const summary = (label: string, runs: WrkResult[]) => {
      const rps = median(runs.map((run) => run.rps));
      const p50 = median(runs.map((run) => run.p50Ms));
      const p99 = median(runs.map((run) => run.p99Ms));
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      const bareRps = median(results.bare.map((run) => run.rps));
      const ratio = label === "bare" ? "" : `  ${((rps / bareRps) * 100).toFixed(2)} % of bare`;
      return {
        rps,
        p50,
        p99,
        errors,
        line: `${rps.toFixed(0).padStart(7)} req/s  p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  ${errors} errors${ratio}`,
      };
    };
    const bare = summary("bare", results.bare);
    const pagingSummary = summary("paging", results.paging);
    const searchesSummary = summary("searches", results.searches);
    console.log(
      `\nwrk, ${concurrency} connections, ${rounds} interleaved rounds of ${durationS} s, medians:`,
    );
    console.log(`${"bare Bun.serve hello world".padEnd(42)} ${bare.line}`);
    console.log(`${"GET /api/users, one search, paging".padEnd(42)} ${pagingSummary.line}`);
    console.log(`${"GET /api/users, a new search each time".padEnd(42)} ${searchesSummary.line}`);
    console.log(
      `p99 over bare p99: paging ${(pagingSummary.p99 / bare.p99).toFixed(1)}×, new searches ${(searchesSummary.p99 / bare.p99).toFixed(1)}×`,
    );
    if (pagingSummary.errors + searchesSummary.errors > 0) {
      console.log("\nFAIL: some list requests failed");
      failed = true;
    }
    listP99 = pagingSummary.p99;
  } else {
    console.log(`${wrkInstallHint}; measuring the list in-process instead\n`);
    const listCall = async () => {
      const response = await fetch(`${main}${listPath(search, 3)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return response.ok;
    };
    await measure(warmUp, listCall);
    const list = await measure(requestCount, listCall);
    console.log(`${"GET /api/users (in-process loops)".padEnd(42)} ${format(list)}`);
    if (list.errors > 0) failed = true;
    listP99 = list.p99;
  }

  const loginCall = async () => {
    const response = await login();
    await response.arrayBuffer();
    return response.ok;
  };
  // Logins one after another: each is a password hash, whose cost is the figure.
  await measure(warmUp, loginCall, 1);
  const logins = await measure(requestCount, loginCall, 1);
  console.log(`\n${"POST /api/auth/login (admin), 1 client".padEnd(42)} ${format(logins)}`);
  if (logins.errors > 0) {
    console.log("\nFAIL: some logins failed");
    failed = true;
  }
  if (config.database.engine === "sqlite") {
    const within = listP99 <= listBudgetMs;
    console.log(
      `\nbudget: list p99 ≤ ${listBudgetMs} ms on SQLite at ${concurrency} clients (one search, paging): ${within ? "met" : "MISSED"} (${listP99.toFixed(2)} ms)`,
    );
    if (!within) failed = true;
  }
} finally {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
