import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { insertRows } from "../src/server/demo-data/bulk-insert.ts";
import { createRandom } from "../src/server/demo-data/random.ts";
import { demoUserPassword } from "../src/server/demo-data/seed-platform-demo-data.ts";
import { generateUsers } from "../src/server/demo-data/users.ts";
import { demo } from "../src/server/demo-seed.ts";
import { containsPattern, listPage, readListQuery } from "../src/server/http/list-query.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { writeFixtureDist } from "../src/server/test-support/test-server.ts";
import { benchServerConfig } from "./bench-server-config.ts";

/**
 * Latency of the platform API over a large user table: 100,000 generated accounts inserted next to the
 * demo admin, then a filtered, sorted, paginated user list and the admin's login, each measured with
 * a bounded loop (a warm-up, then a fixed number of requests). Latency is what one admin waits for a
 * page, so requests go one after another by default; `--concurrency N` shows the queueing when several
 * arrive at once (SQLite runs one statement at a time). Server and load generator share this process on
 * loopback. Budget: the list's p99 stays under 50 ms on SQLite.
 * DATABASE_URL may point at an empty PostgreSQL database to measure that engine (no budget there).
 *
 *   bun bench/platform-api.ts [--users 100000] [--requests 300] [--concurrency 1] [--q an]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const userCount = Number(option("users", "100000"));
const requestCount = Number(option("requests", "300"));
const concurrency = Number(option("concurrency", "1"));
const search = option("q", "an");
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
async function measure(count: number, call: () => Promise<boolean>): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
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
  console.log(`${requestCount} requests after ${warmUp} warm-up, ${concurrency} concurrent loops\n`);

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

  const listPath = `/api/users?q=${encodeURIComponent(search)}&status=enabled&sort=-createdAt&page=3&pageSize=25`;
  const listOnce = () => fetch(`${main}${listPath}`, { headers: { Authorization: `Bearer ${token}` } });
  const probe = await listOnce();
  let listCall: () => Promise<boolean>;
  let listLabel: string;
  if (probe.status === 404) {
    // The users endpoint is not there yet: the same query through the list helper it will use.
    const url = new URL(`http://bench${listPath}`);
    const query = readListQuery(url, { createdAt: "created_at" }, "-createdAt");
    if (query instanceof Response) throw new Error("the list query was refused");
    const pattern = containsPattern(query.search);
    listCall = async () => {
      await listPage(sql, {
        select: "id, name, email, role, enabled, email_verified, created_at, last_login_at",
        from: sql`users`,
        where: [
          sql`(name_key LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\')`,
          sql`enabled = TRUE`,
        ],
        query,
        tieBreaker: "id",
      });
      return true;
    };
    listLabel = "listPage in-process (/api/users: 404)";
  } else {
    if (probe.status !== 200)
      throw new Error(`GET ${listPath} answered ${probe.status}: ${await probe.text()}`);
    const page = (await probe.json()) as { total: number; items: unknown[] };
    console.log(
      `GET ${listPath}\n  matches ${page.total.toLocaleString("en")} users, page holds ${page.items.length}`,
    );
    listCall = async () => {
      const response = await listOnce();
      await response.arrayBuffer();
      return response.ok;
    };
    listLabel = "GET /api/users (q, status, sort, page 3)";
  }

  await measure(warmUp, listCall);
  const list = await measure(requestCount, listCall);
  const loginCall = async () => {
    const response = await login();
    await response.arrayBuffer();
    return response.ok;
  };
  await measure(warmUp, loginCall);
  const logins = await measure(requestCount, loginCall);

  console.log(`\n${listLabel.padEnd(42)} ${format(list)}`);
  console.log(`${"POST /api/auth/login (admin)".padEnd(42)} ${format(logins)}`);
  if (list.errors > 0 || logins.errors > 0) {
    console.log("\nFAIL: some requests failed");
    failed = true;
  }
  if (config.database.engine === "sqlite") {
    const within = list.p99 < listBudgetMs;
    console.log(`\nbudget: list p99 < ${listBudgetMs} ms on SQLite: ${within ? "met" : "MISSED"}`);
    if (!within) failed = true;
  }
} finally {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
