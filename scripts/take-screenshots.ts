import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { buildAll } from "../build.ts";
import { fullChromiumLaunch } from "../e2e/support/browsers.ts";
import { loadConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";

/**
 * The screenshots in the README and docs/: builds, starts the server on the full demo data in a scratch folder, and
 * photographs the main admin screens in Chromium (1280×800, English; the sign-in also in German; the
 * users list on a 390 px phone; the dashboard in dark mode), the widget's surfaces on /demo and the
 * messenger's main screens (`messenger-*.png`).
 *
 *   bun scripts/take-screenshots.ts [--out docs/screenshots] [--width 1280] [--height 800] [--locale de]
 *     [--only messenger]   (only the messenger's pictures)
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
const onlyMessenger = option("only", "") === "messenger";

async function shoot(page: Page, name: string) {
  // Let the loading bar and any entrance transition finish.
  await page.waitForTimeout(700);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`${name}.png`);
}

/** The admin's screens and the widget's surfaces on /demo. */
async function shootAdminAndWidget(browser: Browser, origin: string) {
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

  // A phone, and the dark colour scheme.
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

  // The widget on the demo host page: launcher, banner and notifications from the demo
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
}

/** Maya, the demo visitor with a conversation: her id, her fields and the id signed with the project's secret. */
const mayaIdentity = (userHash: string) =>
  ["maya-chen", { name: "Maya Chen", email: "maya.chen@northwind.example" }, userHash] as const;

/**
 * The messenger's main screens on /demo with the full demo data, each cropped to the open
 * frame at its desktop size (410 px, 690 px for articles) with a margin of the host page around it:
 * home and a conversation with a staff reply as Maya (a demo visitor with a conversation), the help
 * center article, news, feature requests and the survey as a new visitor; the conversation in dark
 * mode and the home screen in Arabic.
 */
async function shootMessenger(browser: Browser, origin: string, messengerUrl: string, mayaHash: string) {
  const frameOrigin = new URL(messengerUrl).origin;
  const call = (page: Page, method: string, ...args: unknown[]) =>
    page.evaluate(
      ([name, rest]) =>
        (window as unknown as { Gleap: Record<string, (...a: unknown[]) => unknown> }).Gleap[
          name as string
        ]?.(...(rest as unknown[])),
      [method, args] as const,
    );
  async function visitor(options: { maya?: boolean; dark?: boolean; lang?: string } = {}) {
    const context = await browser.newContext({ viewport, colorScheme: options.dark ? "dark" : "light" });
    await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/demo`);
    await page.getByTestId("gleap-launcher").waitFor();
    await page.locator("#widget-status[data-state=ready]").waitFor();
    if (options.maya) await call(page, "identify", ...mayaIdentity(mayaHash));
    if (options.lang) await call(page, "setLanguage", options.lang);
    return page;
  }
  const frame = (page: Page) => page.frameLocator("iframe.frame-window");
  async function snap(page: Page, name: string) {
    // Let pictures load, and the frame's opening animation and any width change settle.
    const messenger = page.frames().find((candidate) => candidate.url().startsWith(frameOrigin));
    // (Lazy pictures below the fold never load: at most 3 s.)
    await messenger?.evaluate(() =>
      Promise.race([
        new Promise((resolve) => setTimeout(resolve, 3000)),
        Promise.all(
          [...document.images].map((image) =>
            image.complete
              ? null
              : new Promise((resolve) => {
                  image.addEventListener("load", resolve);
                  image.addEventListener("error", resolve);
                }),
          ),
        ),
      ]),
    );
    await page.waitForTimeout(900);
    const box = await page.getByTestId("gleap-frame-container").boundingBox();
    if (!box) throw new Error(`${name}: the messenger frame is not shown`);
    const margin = 24;
    const x = Math.max(0, box.x - margin);
    const y = Math.max(0, box.y - margin);
    await page.screenshot({
      path: join(outDir, `${name}.png`),
      clip: {
        x,
        y,
        width: Math.min(viewport.width - x, box.width + 2 * margin),
        height: Math.min(viewport.height - y, box.height + 2 * margin),
      },
    });
    console.log(`${name}.png`);
  }
  const maya = await visitor({ maya: true });
  await call(maya, "open");
  await frame(maya).locator("[data-home-action=conversation]").waitFor();
  await snap(maya, "messenger-home");
  await frame(maya).locator("[data-home-action=conversation]").click();
  await frame(maya).locator("[data-author=staff]").first().waitFor();
  await snap(maya, "messenger-conversation");
  await maya.context().close();

  const dark = await visitor({ maya: true, dark: true });
  await call(dark, "openConversations");
  await frame(dark).getByTestId("conversation-row").first().click();
  await frame(dark).locator("[data-author=staff]").first().waitFor();
  await snap(dark, "messenger-conversation-dark");
  await dark.context().close();

  const page = await visitor();
  await call(page, "openHelpCenterArticle", "demo-article-share-space");
  await frame(page).getByTestId("help-article").waitFor();
  await snap(page, "messenger-help-article");
  await call(page, "openNews");
  await frame(page).getByTestId("news-card").first().waitFor();
  await snap(page, "messenger-news");
  await call(page, "openFeatureRequests");
  await frame(page).getByTestId("request-row").first().waitFor();
  await snap(page, "messenger-feature-requests");
  await call(page, "showSurvey", "demo-survey-how-are-we-doing", "survey");
  await frame(page).locator(".nps-score").first().waitFor();
  await snap(page, "messenger-survey");
  await page.context().close();

  const arabic = await visitor({ maya: true, lang: "ar" });
  await call(arabic, "open");
  await frame(arabic).locator("[data-home-action=conversation]").waitFor();
  await snap(arabic, "messenger-home-ar");
  await arabic.context().close();
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
  const browser = await chromium.launch(fullChromiumLaunch);
  const origin = server.mainUrl.replace(/\/$/, "");
  try {
    if (!onlyMessenger) await shootAdminAndWidget(browser, origin);

    // Maya's session, with her conversation, is joined only by a verified identify (the user id signed
    // with the project's secret), as a host's backend would sign it.
    const [project] = await server.db.sql`SELECT secret FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const mayaHash = createHmac("sha256", (project as { secret: string }).secret)
      .update("maya-chen")
      .digest("hex");
    await shootMessenger(browser, origin, server.messengerUrl, mayaHash);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
