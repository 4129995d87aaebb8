import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { buildAll } from "../build.ts";
import { fullChromiumLaunch } from "../e2e/support/browsers.ts";
import { demo } from "../src/server/demo-seed.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import { percentile } from "./latency-stats.ts";
import { sendVisitorReport as sendReport } from "./visitor-report.ts";

/**
 * The support team's common actions, timed through the real admin API on loopback, one
 * after another as an admin clicks them: open the inbox (its first page and the alert counts), open a
 * report (which reads it), assign it, reply to its reporter, open a conversation. The inbox holds
 * `--reports` reports from as many visitors with a session; each action runs `--times` times on a
 * different report; the figures are the median and the 95th percentile in milliseconds.
 *
 * Then the same actions as a person sees them (`--pages` times each, 0 to skip), in Chromium on the
 * real build, from the action to what it shows: the inbox opened by address until its first row is
 * drawn, a row clicked until the report's heading is, an assignment until its confirmation is, and a
 * first reply until it stands in the report's conversation.
 *
 *   bun bench/inbox-actions.ts [--reports 2000] [--times 50] [--pages 10]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const reportCount = option("reports", 2000);
const times = option("times", 50);
// Each time takes two rows of the inbox's first page (25 rows).
const pageTimes = Math.min(option("pages", 10), 12);

const workDir = await mkdtemp(join(tmpdir(), "bench-inbox-actions-"));
// The pages need the real admin app; the API alone is timed on the small fixture build.
if (pageTimes > 0) await buildAll({ outDir: join(workDir, "dist") });
else await writeFixtureDist(join(workDir, "dist"));
const config = benchServerConfig(workDir, join(workDir, "dist"), {
  DEMO_DATA: "minimal",
  CAPTCHA_PROVIDER: "off",
});
const server = await startServer(config, createLogger("silent"));

try {
  const main = server.mainUrl.replace("localhost", "127.0.0.1");
  const login = await fetch(`${main}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: demo.adminEmail, password: demo.adminPassword }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${main}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const [me] = await server.db.sql`SELECT id FROM users WHERE email = ${demo.adminEmail}`;

  // The inbox: reports from visitors with a session each (so each can be answered).
  const ids: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < reportCount; i++) ids.push(await sendReport(main, i));
  console.log(
    `Inbox actions on ${config.database.engine}: ${reportCount} reports made in ${((performance.now() - t0) / 1000).toFixed(1)} s; each action ${times} times\n`,
  );

  const timed = async (label: string, action: (i: number) => Promise<Response | Response[]>) => {
    const latencies: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const answers = [await action(i)].flat();
      latencies.push(performance.now() - started);
      for (const answer of answers) {
        if (!answer.ok) throw new Error(`${label} answered ${answer.status}: ${await answer.text()}`);
        await answer.arrayBuffer();
      }
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(44)} median ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms`,
    );
  };

  const report = (i: number) => ids[(i * 37) % ids.length] as string;
  await timed("open the inbox (first page + alert counts)", () =>
    Promise.all([
      admin("/api/feedback?status=OPEN&sort=-createdAt&page=1&pageSize=25"),
      admin("/api/admin/alerts"),
    ]),
  );
  await timed("open a report (reads it)", (i) => admin(`/api/feedback/${report(i)}`));
  await timed("assign a report to me", (i) =>
    admin(`/api/feedback/${report(i)}`, { method: "PATCH", body: { assigneeId: me?.id } }),
  );
  await timed("reply to a report's reporter", (i) =>
    admin(`/api/feedback/${report(i)}/reply`, {
      method: "POST",
      body: { text: "<p>Thanks, we are on it.</p>" },
    }),
  );
  const [project] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  const conversations = (await server.db
    .sql`SELECT id FROM conversations WHERE project_id = ${project?.id} LIMIT ${times}`) as Array<{
    id: string;
  }>;
  await timed("open a conversation", (i) =>
    admin(`/api/projects/${project?.id}/conversations/${conversations[i % conversations.length]?.id}`),
  );

  if (pageTimes > 0) {
    // Reports nobody touched yet, newest on the inbox's first page: each page action starts afresh.
    for (let i = 0; i < 2 * pageTimes; i++) await sendReport(main, reportCount + i);
    await timePages(main, String(me?.id));
  }
} finally {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}

/** The pages' timings in Chromium, each action on a report of the inbox's first page not touched before. */
async function timePages(main: string, myId: string): Promise<void> {
  const browser = await chromium.launch(fullChromiumLaunch);
  try {
    const page = await browser.newPage({
      baseURL: main,
      viewport: { width: 1440, height: 900 },
      locale: "en-US",
    });
    // The dashboard's language is the one kept in this browser (German until chosen otherwise).
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("locale", "en-US"));
    await page.goto("/login");
    await page.locator("input[name=login]").fill(demo.adminEmail);
    await page.locator("input[name=password]").fill(demo.adminPassword);
    await page.locator("button[type=submit]").click();
    await page.waitForURL(/\/dashboard$/);
    const figures: Record<string, number[]> = {
      inbox: [],
      reportCold: [],
      report: [],
      assign: [],
      reply: [],
    };
    const since = (started: number) => performance.now() - started;
    // The first visit loads the lazy chunks; the figures are of an admin who has the app open.
    await page.goto("/dashboard/inbox");
    await page.getByTestId("inbox-row").first().waitFor();
    for (let i = 0; i < pageTimes; i++) {
      let started = performance.now();
      await page.goto("/dashboard/inbox");
      const row = page.getByTestId("inbox-row").nth(i);
      await row.waitFor();
      figures.inbox?.push(since(started));

      // The first report of a page load also evaluates the report screen's code; both are timed.
      started = performance.now();
      await row.getByRole("link").first().click();
      await page.locator("h1.inbox-report-title").waitFor();
      figures.reportCold?.push(since(started));
      await page.goBack();
      const another = page.getByTestId("inbox-row").nth(i + pageTimes);
      await another.waitFor();
      started = performance.now();
      await another.getByRole("link").first().click();
      await page.locator("h1.inbox-report-title").waitFor();
      figures.report?.push(since(started));

      started = performance.now();
      await page.locator("select[name=assigneeId]").first().selectOption({ value: myId });
      await page.getByText("Report updated").first().waitFor();
      figures.assign?.push(since(started));

      started = performance.now();
      const text = `Thanks, we are on it (${i}).`;
      await page.locator("#report-reply").fill(text);
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.getByTestId("report-conversation").getByText(text).waitFor();
      figures.reply?.push(since(started));
    }
    console.log(`\nThe same in Chromium (1440×900, the app already loaded once), ${pageTimes} times each:`);
    const labels: Record<string, string> = {
      inbox: "open the inbox (address → first row drawn)",
      reportCold: "open the first report of a page load",
      report: "open a report (row clicked → heading drawn)",
      assign: "assign it to me (chosen → confirmed)",
      reply: "reply to its reporter (sent → shown)",
    };
    for (const [key, values] of Object.entries(figures)) {
      values.sort((a, b) => a - b);
      console.log(
        `${(labels[key] ?? key).padEnd(44)} median ${percentile(values, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(6)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}
