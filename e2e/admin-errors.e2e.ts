import { expect, type Page } from "@playwright/test";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/** From now on every lazy chunk of the admin fails to download (a deployment removed the old ones). */
async function breakLazyChunks(page: Page) {
  await page.route(/\/assets\/chunk-[a-z0-9]+\.js/, (route) => route.abort());
}

/** The dashboard's layout is a lazy chunk too: it must be on screen before the chunks are broken. */
async function dashboardReady(page: Page) {
  await expect(
    page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" }),
  ).toBeVisible();
}

/** Counts full page loads (a reload is one). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  return () => loads;
}

test("a screen whose code cannot load reloads once, then shows the server-error page", async ({ page }) => {
  await signInAsAdmin(page);
  await dashboardReady(page);
  const loads = countLoads(page);
  await breakLazyChunks(page);

  await openFromSidebar(page, "Users", { heading: null });

  const errorPage = page.getByTestId("error-page");
  await expect(errorPage).toBeVisible();
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  // Focus starts at the page's heading (what had focus is gone).
  await expect(errorPage.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(errorPage).toContainText("500");
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  // Exactly one reload: the guard stops a second one within 10 s on the same path.
  expect(loads()).toBe(1);
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});

test("a bot meeting the same failure gets no error page; the error is only logged", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signInAsAdmin(page);
  await dashboardReady(page);
  await breakLazyChunks(page);

  await openFromSidebar(page, "Users", { heading: null });

  await expect.poll(() => errors.length).toBeGreaterThan(0);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
  await context.close();
});

test("an hour later, a new deployment is offered as a reload", async ({ page }) => {
  await page.clock.install();
  await signInAsAdmin(page);
  const running = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLScriptElement>("script[src]")]
        .map((script) => new URL(script.src).pathname)
        .find((path) => path.startsWith("/assets/admin-main-")) ?? "",
  );
  expect(running).toMatch(/^\/assets\/admin-main-[a-z0-9]+\.js$/);
  // The real file names the running build: nothing is offered.
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/latest-build.json")) checks.push(request.url());
  });
  await page.clock.fastForward("01:00:00");
  await expect.poll(() => checks.length).toBe(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Then a deployment happens.
  await page.route("**/latest-build.json", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ admin: "/assets/admin-main-newbuild1.js", builtAt: new Date().toISOString() }),
    }),
  );
  // The next check is set when the first one ends (after its answer is read), which the page does not
  // show: an hour at a time until it runs.
  const dialog = page.getByRole("dialog");
  await expect
    .poll(async () => {
      await page.clock.fastForward("01:00:00");
      return dialog.count();
    })
    .toBe(1);
  await expect(dialog).toContainText("A new version is available");
  expect(checks).toHaveLength(2);
  const loads = countLoads(page);
  await dialog.getByRole("button", { name: "Reload now" }).click();
  await expect.poll(loads).toBe(1);
});
