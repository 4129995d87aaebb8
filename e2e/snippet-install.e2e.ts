import { expect, type Page } from "@playwright/test";
import { snippetStubMethods, widgetSnippet } from "../src/admin/projects/widget-snippet.ts";
import { app } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * The first five minutes of a site owner and a host developer. A site of its own origin
 * (`http://shop.example`, answered by the test) gets the snippet as the admin shows it.
 */
const shopOrigin = "http://shop.example";
const projects = createWidgetProjects("snippet");
test.afterAll(() => projects.removeAll());

const launcher = (page: Page) => page.getByTestId("gleap-launcher");

/** Serves `html` as the shop's page at `path`; no consent cookie is set. */
async function openShopPage(page: Page, path: string, head: string, body = "<h1>Shop</h1>") {
  await page.route(`${shopOrigin}${path}`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title>${head}</head><body>${body}</body></html>`,
    }),
  );
  // An async script held back (holdLoader) holds the load event too.
  await page.goto(`${shopOrigin}${path}`, { waitUntil: "domcontentloaded" });
}

/** Holds the loader back until `release` is called, so calls on the stub are queued. */
async function holdLoader(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/sdk/loader.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a new project's pasted snippet shows the widget at once, and the install panel sees the site live", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  // Every dashboard screen keeps the staff socket open (the alert counts): it opens with the
  // page, and the settings page listens on it once it shows.
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/admin/ws"));
  await page.goto("/dashboard/projects/create");
  const name = `Snippet shop ${Date.now().toString(36)}`;
  await page.getByLabel("Project name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  projects.adopt(projectId);
  const sdkKey = (await page.getByTestId("sdk-key").textContent()) ?? "";
  await expect(page.getByTestId("snippet")).toBeVisible();
  await socket;

  // Until the first visit: waiting, with the three usual causes; a new project does not wait for consent.
  const status = page.getByTestId("install-status");
  await expect(status).toContainText("Waiting for the first visit");
  await expect(status.locator("li")).toHaveCount(3);
  await expect(page.getByTestId("install-mode")).toContainText("starts on every page view");
  await expect(page.getByTestId("consent-line")).toHaveCount(0);
  const csp = await page.getByTestId("csp-lines").inputValue();
  expect(csp).toContain(`connect-src ${baseURL}`);
  const snippet = await page.getByTestId("snippet").inputValue();
  expect(snippet).toBe(widgetSnippet(baseURL ?? "", sdkKey));

  // The owner pastes it into a page of another origin: the launcher shows without any cookie.
  const shop = await context.newPage();
  const logs: string[] = [];
  shop.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  await openShopPage(shop, "/", snippet);
  await expect(launcher(shop)).toBeVisible();
  expect(logs.filter((line) => line.includes("cookie consent"))).toEqual([]);

  // The admin's page saw it, without a reload.
  await expect(status).toContainText("Installed");
  await expect(page.getByTestId("install-origin")).toContainText(shopOrigin);
});

test("in consent mode the SDK says once why it waits, and the consent cookie starts it without a reload", async ({
  page,
  baseURL,
}) => {
  const key = await projects.create("consent", { requireCookieConsent: true });
  const logs: string[] = [];
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  const sessionCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/widget/sessions")) sessionCalls.push(request.url());
  });
  await page.clock.install();
  await openShopPage(page, "/consent", widgetSnippet(baseURL ?? "", key));
  await expect.poll(() => logs.filter((line) => line.includes("agreedToCookiePolicy=true")).length).toBe(1);
  expect(logs.find((line) => line.includes("agreedToCookiePolicy=true"))).toMatch(
    /^info: .*Wait for cookie consent/,
  );
  // Half a second on the page's clock: the SDK looked for the cookie twice. Had it started, it would
  // have asked for a session at once (the launcher comes after that answer).
  await page.clock.runFor(500);
  expect(sessionCalls).toEqual([]);
  await expect(launcher(page)).toHaveCount(0);

  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the host's cookie banner sets consent this way.
    document.cookie = "agreedToCookiePolicy=true; Path=/";
  });
  await expect(launcher(page)).toBeVisible({ timeout: 3000 });
  expect(logs.filter((line) => line.includes("agreedToCookiePolicy=true"))).toHaveLength(1);
});

test("every API method exists on the snippet's stub: calling each before the loader arrives throws nothing", async ({
  page,
  baseURL,
}) => {
  const key = await projects.create("stub");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const release = await holdLoader(page);
  await openShopPage(page, "/stub", widgetSnippet(baseURL ?? "", key));
  // Each method once, as a host might call it before the SDK is there. `destroy` would end the SDK
  // before it starts, and the address setters would point it elsewhere; they are only checked to exist.
  const leftUncalled = ["destroy", "setApiUrl", "setWSApiUrl", "setFrameUrl", "setBannerUrl", "setModalUrl"];
  const outcome = await page.evaluate(
    ([methods, skip]) => {
      const stub = (window as unknown as { Gleap: Record<string, unknown> }).Gleap;
      const missing = methods.filter((name) => typeof stub[name] !== "function");
      const threw: string[] = [];
      for (const name of methods) {
        if (skip.includes(name) || typeof stub[name] !== "function") continue;
        try {
          (stub[name] as (...args: unknown[]) => unknown)();
        } catch {
          threw.push(name);
        }
      }
      return {
        missing,
        threw,
        queued: (window as unknown as { GleapActions: unknown[] }).GleapActions.length,
      };
    },
    [[...snippetStubMethods], leftUncalled] as const,
  );
  expect(outcome.missing).toEqual([]);
  expect(outcome.threw).toEqual([]);
  // The snippet's own initialize, then one call of each method called.
  expect(outcome.queued).toBe(1 + snippetStubMethods.length - leftUncalled.length);
  release();
  await expect(launcher(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test("calls queued before the loader arrives run in order once the session is ready", async ({
  page,
  context,
  baseURL,
}) => {
  // The demo project: its feedback flows, and its consent gate (the shop's visitor has agreed).
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: shopOrigin }]);
  const key = "demo";
  const release = await holdLoader(page);
  await openShopPage(
    page,
    "/queued",
    widgetSnippet(baseURL ?? "", key),
    `<h1>Shop</h1><script>
      Gleap.identify("user-77", { name: "Grace", email: "grace@example.com" });
      Gleap.updateContact({ phone: "+49 30 1234" });
      Gleap.trackEvent("checkout-started", { cart: 3 });
      Gleap.open();
      Gleap.startFeedbackFlow("bugreporting");
    </script>`,
  );
  expect(
    await page.evaluate(() => (window as unknown as { GleapActions: unknown[] }).GleapActions.length),
  ).toBe(6);
  release();
  await expect(app(page).getByLabel(/What went wrong/)).toBeVisible();
  const identity = await page.evaluate(() =>
    (window as unknown as { Gleap: { getIdentity(): Record<string, unknown> } }).Gleap.getIdentity(),
  );
  expect(identity).toMatchObject({ userId: "user-77", name: "Grace", phone: "+49 30 1234" });
});

test("right after initialize: identify resolves once it has run, open and startBot wait for the session", async ({
  page,
  baseURL,
}) => {
  const key = await projects.create("direct");
  await openShopPage(page, "/direct", `<script src="${baseURL}/sdk/loader.js"></script>`);
  await expect.poll(() => page.evaluate(() => typeof (window as { Gleap?: unknown }).Gleap)).toBe("object");
  const identified = await page.evaluate(async (sdkKey) => {
    const gleap = (
      window as unknown as {
        Gleap: {
          initialize(key: string): void;
          identify(id: string, data: object): Promise<{ userId: string } | null>;
          open(): void;
        };
      }
    ).Gleap;
    gleap.initialize(sdkKey);
    const session = await gleap.identify("user-88", { name: "Hedy" });
    gleap.open();
    return session?.userId;
  }, key);
  expect(identified).toBe("user-88");
  await expect(app(page)).toBeVisible();
});
