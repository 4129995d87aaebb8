import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { buildAll } from "../build.ts";
import { loadConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";

/**
 * The README's screenshots: builds, starts the server on the full demo data in a scratch folder, and
 * photographs the main admin screens in Chromium (1280×800, English; the sign-in also in German; the
 * users list on a 390 px phone; the dashboard in dark mode) and the widget's surfaces on /demo.
 *
 *   bun scripts/take-screenshots.ts [--out docs/screenshots] [--width 1280] [--height 800] [--locale de]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const outDir = option("out", join(import.meta.dir, "..", "docs", "screenshots"));
const viewport = { width: Number(option("width", "1280")), height: Number(option("height", "800")) };
// The dashboard screens' language (the sign-in is always shown in German, the default, first).
const locale = option("locale", "en-US");

async function shoot(page: Page, name: string) {
  // Let the loading bar and any entrance transition finish.
  await page.waitForTimeout(700);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`${name}.png`);
}

const workDir = await mkdtemp(join(tmpdir(), "screenshots-"));
try {
  await buildAll({ outDir: join(workDir, "dist") });
  const config = loadConfig({
    PORT: "0",
    MESSENGER_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: join(workDir, "data"),
    DIST_DIR: join(workDir, "dist"),
    LOG_LEVEL: "silent",
    CAPTCHA_PROVIDER: "off",
    DEMO_DATA: "full",
  });
  const server = await startServer(config, createLogger("silent"));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const origin = server.mainUrl.replace(/\/$/, "");
    const page = await browser.newPage({ viewport });
    await page.goto(`${origin}/login`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shoot(page, "sign-in-de");
    await page.evaluate((value) => localStorage.setItem("locale", value), locale);
    await page.reload();
    await page.locator("input[name=login]").fill("admin@example.com");
    await page.locator("input[name=password]").fill("admin");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId("stat-users").waitFor();
    await shoot(page, "dashboard");

    const screens: Array<[string, string, (page: Page) => Promise<unknown>]> = [
      ["users", "/dashboard/users", (p) => p.getByRole("table").waitFor()],
      ["jobs", "/dashboard/jobs", (p) => p.getByRole("table").waitFor()],
      ["job-form", "/dashboard/jobs/create", (p) => p.locator("form input[name=title]").waitFor()],
      ["challenges", "/dashboard/challenges", (p) => p.getByRole("table").waitFor()],
      ["skill-tree", "/dashboard/skill-tree", (p) => p.getByRole("heading", { level: 1 }).waitFor()],
      ["reported-tasks", "/dashboard/reported-tasks", (p) => p.getByRole("table").waitFor()],
    ];
    for (const [name, path, ready] of screens) {
      await page.goto(`${origin}${path}`);
      await ready(page);
      await shoot(page, name);
    }
    // A user's detail (the one with the most XP: a full profile) and a report's detail.
    await page.goto(`${origin}/dashboard/users?sort=-xp`);
    await page.getByRole("table").getByRole("link").first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shoot(page, "user-detail");
    await page.goto(`${origin}/dashboard/reported-tasks`);
    await page.getByRole("table").getByRole("link").first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shoot(page, "report-detail");

    // A phone, and the dark colour scheme (issue 11).
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${origin}/login`);
    await phone.evaluate((value) => localStorage.setItem("locale", value), locale);
    await phone.locator("input[name=login]").fill("admin@example.com");
    await phone.locator("input[name=password]").fill("admin");
    await phone.locator("button[type=submit]").click();
    await phone.waitForURL(/\/dashboard$/);
    await phone.goto(`${origin}/dashboard/users`);
    await phone.getByRole("heading", { level: 1 }).waitFor();
    await shoot(phone, "users-narrow");
    await phone.close();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${origin}/dashboard`);
    await page.getByTestId("stat-users").waitFor();
    await shoot(page, "dashboard-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The widget on the demo host page (issue 12): launcher, banner and notifications from the demo
    // project's outbound content, the open messenger, and the modal of the Features section.
    const host = await browser.newContext({ viewport });
    await host.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: origin }]);
    const demo = await host.newPage();
    await demo.goto(`${origin}/demo`);
    await demo.getByTestId("gleap-launcher").waitFor();
    await demo.waitForTimeout(6000);
    await shoot(demo, "widget-demo");
    await demo.getByTestId("gleap-launcher").click();
    await demo.frameLocator("iframe.frame-window").getByTestId("frame-app").waitFor();
    await demo.waitForTimeout(800);
    await shoot(demo, "widget-messenger");
    await demo.goto(`${origin}/demo?section=features`);
    await demo.waitForTimeout(6000);
    await shoot(demo, "widget-modal");
    await host.close();
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
