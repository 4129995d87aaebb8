import { type Browser, expect } from "@playwright/test";
import { demoProjectIdAsAdmin, publishedOutbound } from "./support/admin-api.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { giveCookieConsent } from "./support/host-page.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * The admin builder (spec §2, §5, §7) against the real server: the dashboard's tour editor opens /demo
 * (`openBuilder`) and answers the page's `init` with `load` and a builder token; the builder frame from
 * the messenger origin picks an element on the page and saves the steps through the platform API. That
 * save is a draft: visitors keep the live tour until the admin publishes the builder's
 * changes in the dashboard with the admin's own sign-in.
 */

const origin = `http://localhost:${e2eEnv.PORT}`;
const run = Date.now().toString(36);

type HostWindow = Window & { Gleap: Record<string, (...args: unknown[]) => unknown> };

const welcome = { message: "<p>Welcome to the builder tour</p>" };

test("a plain page view loads no builder chunk", async ({ page }) => {
  await giveCookieConsent(page.context());
  const chunks: string[] = [];
  page.on("request", (request) => chunks.push(request.url()));
  await page.goto("/demo");
  await expect(page.locator("#widget-status")).toHaveAttribute("data-state", "ready");
  expect(chunks.filter((url) => url.includes("builder"))).toEqual([]);
});

/**
 * A visitor of /demo (a context of its own) starts the tour by hand and reads its steps' progress and
 * texts, or nothing when the tour does not run.
 */
async function visitorTour(browser: Browser, tourId: string, filter: string): Promise<string[]> {
  const visitor = await browser.newContext();
  try {
    await giveCookieConsent(visitor);
    const page = await visitor.newPage();
    await page.goto(`/demo?${filter}`);
    await expect(page.locator("#widget-status")).toHaveAttribute("data-state", "ready");
    await page.evaluate((id) => (window as unknown as HostWindow).Gleap.startProductTour?.(id), tourId);
    const popover = page.locator(".gtr-popover");
    await expect(popover).toBeVisible();
    const seen: string[] = [];
    const text = async (selector: string) =>
      (await popover.locator(selector).allTextContents()).join("").trim();
    for (;;) {
      // A one-step tour shows no progress.
      const progress = (await text(".gtr-progress")) || "1 of 1";
      const words = [await text(".gtr-title"), await text(".gtr-message")].filter(Boolean);
      seen.push(`${progress}: ${words.join(" / ")}`);
      const [at, of] = progress.split(" of ");
      if (at === of) return seen;
      await popover.getByRole("button", { name: "Next" }).click();
      await expect(popover.locator(".gtr-progress")).not.toHaveText(progress);
    }
  } finally {
    await visitor.close();
  }
}

test("the dashboard opens the builder on /demo; its picked step is a draft until the admin publishes it", async ({
  page,
  context,
  request,
  browser,
}) => {
  // Three visitor page views besides the admin's window and the site's.
  test.setTimeout(90_000);
  const { headers, projectId } = await demoProjectIdAsAdmin(request);
  // Live, and only for this spec's own address, so no other page view of the demo project gets it.
  const filter = `tour=builder-${run}`;
  const tour = await publishedOutbound(request, headers, projectId, {
    type: "tour",
    name: "Builder tour",
    config: { steps: [welcome], builderUrl: `${origin}/demo` },
    pageFilter: filter,
    pageFilterType: "contains",
  });
  expect(await visitorTour(browser, tour.id, filter)).toEqual(["1 of 1: Welcome to the builder tour"]);

  await giveCookieConsent(page.context());
  // Everything the site page hears from the admin's window, as any script of that page could.
  await context.addInitScript(() => {
    if (!window.opener) return;
    const heard: string[] = [];
    (window as unknown as { heardFromAdmin: string[] }).heardFromAdmin = heard;
    window.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.includes('"admin"')) heard.push(event.data);
    });
  });
  // The admin's window: the tour's editor in the dashboard, whose button runs `openBuilder`.
  await signInAsAdmin(page, "en-US", `/dashboard/content/${projectId}/tours/${tour.id}/edit`);
  const popup = context.waitForEvent("page");
  await page.getByRole("button", { name: "Open builder" }).click();
  const site = await popup;
  const bar = site.locator(".gb-bar");
  const builder = site.frameLocator(".gb-frame");

  // Navigate mode: the bar is 65px and shows the page.
  await expect(builder.getByRole("button", { name: "Pick element" })).toBeVisible();
  await expect(bar).toHaveCSS("height", "65px");
  await expect(builder.locator(".gb-url")).toHaveText(`${origin}/demo`);

  // The site heard a builder token, never the admin's access token.
  const accessToken = await page.evaluate(() => localStorage.getItem("accessToken"));
  expect(accessToken).toBeTruthy();
  const heard = await site.evaluate(() => (window as unknown as { heardFromAdmin: string[] }).heardFromAdmin);
  const loads = heard
    .map((text) => JSON.parse(text) as { name: string; data: Record<string, unknown> })
    .filter((message) => message.name === "load");
  expect(loads.length).toBeGreaterThan(0);
  for (const text of heard) expect(text).not.toContain(String(accessToken));
  for (const load of loads) expect(Object.keys(load.data)).not.toContain("accessToken");
  const builderToken = String(loads[0]?.data.builderToken);
  const asBuilder = { Authorization: `Bearer ${builderToken}` };
  // It reads its tour, and nothing else: not the users, not even deleting its own tour.
  const tourPath = `/api/projects/${projectId}/outbounds/${tour.id}`;
  expect((await request.get(tourPath, { headers: asBuilder })).status()).toBe(200);
  expect((await request.get("/api/users", { headers: asBuilder })).status()).toBe(403);
  expect((await request.delete(tourPath, { headers: asBuilder })).status()).toBe(403);
  // Nor may it widen the live tour to every page and visitor, or publish anything.
  const widened = await request.put(tourPath, {
    headers: asBuilder,
    data: { type: "tour", name: "Builder tour", config: { steps: [welcome], builderUrl: `${origin}/demo` } },
  });
  expect(widened.status()).toBe(403);
  expect(((await widened.json()) as { field: string }).field).toBe("pageFilter");
  expect((await request.post(`${tourPath}/builder-draft/publish`, { headers: asBuilder })).status()).toBe(
    403,
  );

  await builder.getByRole("button", { name: "Pick element" }).click();
  await expect(builder.getByText("Click an element on the page to select it.")).toBeVisible();
  const target = site.locator("#identify");
  const mark = await target.getAttribute("data-gleap-tour");
  const selector = mark ? `[data-gleap-tour="${mark}"]` : "#identify";
  // The page's own click handler does not run while picking (the button would sign Ada in).
  await target.click();
  await expect(site.locator("#result")).toHaveText("");

  // Editor mode: the whole viewport, with the picked element as the new step.
  await expect(bar).toHaveCSS("height", `${site.viewportSize()?.height}px`);
  // The tour's welcome step stays first; the picked element is the second.
  const step = builder.locator(".gb-step").nth(1);
  await expect(builder.locator(".gb-step")).toHaveCount(2);
  await expect(step.locator(".gb-selector")).toHaveText(selector);
  await step.getByLabel("Title").fill("Sign in here");
  await step.getByLabel("Description").fill("Your notes follow you to every device.");
  await step.getByLabel("Type").selectOption("CLICK");
  await builder.getByRole("button", { name: "Save" }).click();
  await expect(builder.locator(".gb-panel .gb-status")).toHaveText(
    "Saved as a draft: publish it in the admin",
  );
  await site.screenshot({ path: docsScreenshotPath("builder") });

  // Saved as a draft: the tour itself, and what visitors get, are as they were.
  const picked = {
    selector,
    title: "Sign in here",
    message: "Your notes follow you to every device.",
    mode: "CLICK",
  };
  const stored = async () =>
    ((await (await request.get(tourPath, { headers })).json()) as { config: { steps: unknown[] } }).config
      .steps;
  expect(await stored()).toEqual([welcome]);
  expect(await visitorTour(browser, tour.id, filter)).toEqual(["1 of 1: Welcome to the builder tour"]);

  // The admin's window heard of it: the editor says builder changes are waiting, and publishes them.
  const waiting = page.getByRole("region", { name: "Builder changes are waiting" });
  await expect(waiting).toContainText("2 steps saved in the builder");
  await waiting.getByRole("button", { name: "Publish builder changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish builder changes" }).click();
  await expect(waiting).toHaveCount(0);
  await expect(page.locator("#tour-step-1-selector")).toHaveValue(selector);
  // The builder writes every step in its own shape (empty fields included).
  expect(await stored()).toEqual([{ ...welcome, selector: "", title: "", mode: "" }, picked]);
  expect(await visitorTour(browser, tour.id, filter)).toEqual([
    "1 of 2: Welcome to the builder tour",
    "2 of 2: Sign in here / Your notes follow you to every device.",
  ]);

  await request.delete(tourPath, { headers });
});
