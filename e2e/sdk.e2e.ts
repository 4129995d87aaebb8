import { type BrowserContext, expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { snippetStub } from "./support/snippet-stub.ts";
import { test } from "./support/spec-test.ts";

const consentCookie = (url: string) => ({ name: "agreedToCookiePolicy", value: "true", url });

/** What the SDK logs once it has read from the project's config that it must wait for consent. */
const consentWaitNotice = "waiting for the cookie agreedToCookiePolicy=true";

/** `/demo` with the visitor's cookie consent given before it loads, once its SDK is initialized. */
async function openDemoWithConsent(page: Page, context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([consentCookie(baseURL ?? "")]);
  await page.goto("/demo");
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
}

/** The gleapId the SDK stored for the demo project. */
async function storedSessionId(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const raw = localStorage.getItem("gleap-widget-session-demo");
    return raw ? (JSON.parse(raw) as { gleapId: string }).gleapId : null;
  });
  return (await handle.jsonValue()) as string;
}

test("the consent gate holds the SDK until the visitor accepts, and remembers the answer", async ({
  page,
}) => {
  const widgetCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/widget/")) widgetCalls.push(new URL(request.url()).pathname);
  });
  await page.clock.install();
  const waiting = page.waitForEvent("console", (message) => message.text().includes(consentWaitNotice));
  await page.goto("/demo");
  await expect(page.locator("#consent")).toBeVisible();
  // Without consent: only the project's config, to learn that it waits (no visitor id, no cookie), and
  // nothing captured from the page. The SDK has read the config and says it waits; then 1.5 s pass on
  // the page's clock, six turns of its look at the cookie.
  await waiting;
  await page.clock.runFor(1500);
  expect(widgetCalls).toEqual(["/api/widget/config/demo"]);
  await expect(page.locator("#widget-status")).toHaveText("Widget waiting for cookie consent…");
  expect(await page.evaluate(() => window.fetch.toString().includes("[native code]"))).toBe(true);

  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
  expect(widgetCalls[1]).toBe("/api/widget/sessions");

  // The answer is a cookie: the next visit starts at once.
  await page.reload();
  await expect(page.locator("#consent")).toBeHidden();
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
});

test("a declined consent keeps the SDK off", async ({ page }) => {
  const sessionCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/widget/sessions") sessionCalls.push(request.url());
  });
  await page.clock.install();
  const waiting = page.waitForEvent("console", (message) => message.text().includes(consentWaitNotice));
  await page.goto("/demo");
  await waiting;
  await page.getByRole("button", { name: "Decline" }).click();
  // 1.5 s on the page's clock: the SDK looked at the declined cookie six times. Had it started, it would
  // have asked for a session at once (the status and the stored session come after that answer).
  await page.clock.runFor(1500);
  expect(sessionCalls).toEqual([]);
  await expect(page.locator("#widget-status")).toHaveText("Widget off: no consent");
  expect(await page.evaluate(() => localStorage.getItem("gleap-widget-session-demo"))).toBeNull();
});

test("calls a host queues before the loader arrives run in order", async ({ page, context, baseURL }) => {
  await context.addCookies([consentCookie(baseURL ?? "")]);
  // A host page of this test's own: it queues identify and a custom event before initialize.
  await page.route("**/queue-host", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><script>
        ${snippetStub(["initialize", "identify", "trackEvent", "on", "setCustomData"])}
        window.order = [];
        Gleap.setCustomData("plan", "pro");
        Gleap.initialize("demo");
        Gleap.on("initialized", function () {
          window.order.push("initialized");
          Gleap.identify("queued-user", { name: "Queued" }).then(function () { window.order.push("identified"); });
        });
        Gleap.trackEvent("queuedEvent", { step: 1 });
        var s = document.createElement("script"); s.async = true; s.src = "/sdk/loader.js"; document.head.appendChild(s);
      </script></head><body><p>queue host</p></body></html>`,
    }),
  );
  await page.goto("/queue-host");
  await page.waitForFunction(() => (window as unknown as { order: string[] }).order.includes("identified"));
  const gleapId = await storedSessionId(page);
  expect(await selectRows("SELECT user_id, name FROM widget_sessions WHERE id = $1", gleapId)).toEqual([
    { user_id: "queued-user", name: "Queued" },
  ]);
  // The event tracked before load is streamed with the session's first pings.
  await expect
    .poll(
      () =>
        selectRows(
          "SELECT name FROM widget_session_events WHERE session_id = $1 AND name = $2",
          gleapId,
          "queuedEvent",
        ),
      {
        timeout: 10_000,
      },
    )
    .toEqual([{ name: "queuedEvent" }]);
});

test("identify from the demo page reaches the server", async ({ page, context, baseURL }) => {
  await openDemoWithConsent(page, context, baseURL);
  await page.getByRole("button", { name: "Sign in as Ada" }).click();
  await expect(page.locator("#result")).toHaveText("Signed in as Ada Lovelace");
  const gleapId = await storedSessionId(page);
  expect(await selectRows("SELECT user_id, name, email FROM widget_sessions WHERE id = $1", gleapId)).toEqual(
    [{ user_id: "ada-1", name: "Ada Lovelace", email: "ada@example.com" }],
  );
});

test("a silent crash report carries the console and network logs and the metadata", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  // The network log's file arrives late (as on a loaded machine): the SDK says `initialized` only
  // once the log the config turned on captures, so the page's request right after is in it.
  await page.route(/\/sdk\/network-log-chunk-/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await openDemoWithConsent(page, context, baseURL);
  await page.getByRole("button", { name: "Simulate a crash" }).click();
  await expect(page.locator("#result")).toHaveText(/^Crash report FB-\d+ sent$/);
  const reportId = await page.locator("#result").getAttribute("data-report-id");

  const response = await request.get(`/api/feedback/${reportId}`, { headers: await adminHeaders(request) });
  expect(response.status()).toBe(200);
  const report = (await response.json()) as {
    type: string;
    priority: string;
    isSilent: boolean;
    formData: { description: string };
    consoleLog: Array<{ log: string; priority: string }>;
    networkLogs: Array<{ url: string; type: string; response: { status: number } }>;
    customEventLog: Array<{ name: string }>;
    metaData: Record<string, unknown>;
  };
  expect(report).toMatchObject({
    type: "CRASH",
    priority: "HIGH",
    isSilent: true,
    formData: { description: "Checkout crashed" },
  });
  expect(report.consoleLog).toContainEqual(
    expect.objectContaining({ log: "Checkout failed: cart total is NaN", priority: "ERROR" }),
  );
  expect(report.consoleLog).toContainEqual(
    expect.objectContaining({ log: "button#crash Simulate a crash", priority: "CLICK" }),
  );
  expect(report.networkLogs).toContainEqual(
    expect.objectContaining({
      url: `${baseURL}/healthz`,
      type: "GET",
      response: expect.objectContaining({ status: 200 }),
    }),
  );
  // The SDK's own calls stay out of the host's network log.
  expect(report.networkLogs.some((entry) => entry.url.includes("/api/widget/"))).toBe(false);
  expect(report.customEventLog.map((event) => event.name)).toContain("sessionStarted");
  expect(report.metaData).toMatchObject({
    browserName: expect.stringMatching(/^Chrome \d+$/),
    systemName: "Linux",
    currentUrl: `${baseURL}/demo`,
    sdkVersion: "14.6.7",
    sdkType: "javascript",
    environment: "demo",
    mobile: false,
  });
});

test("a route change in a single-page host produces a page-view event", async ({
  page,
  context,
  baseURL,
}) => {
  await openDemoWithConsent(page, context, baseURL);
  const gleapId = await storedSessionId(page);
  // The demo's banner comes with the first ping and pushes the page down as it shows, maybe between
  // Playwright's look at the link and its click: the click goes to the link itself, not to a point.
  await page.getByRole("link", { name: "Pricing" }).dispatchEvent("click");
  await expect(page).toHaveURL(/section=pricing/);
  await expect
    .poll(
      async () =>
        (
          await selectRows<{ data: string }>(
            "SELECT data FROM widget_session_events WHERE session_id = $1 AND name = $2 ORDER BY occurred_at",
            gleapId,
            "pageView",
          )
        ).map((row) => (JSON.parse(row.data) as { page: string }).page),
      { timeout: 10_000 },
    )
    .toEqual([`${baseURL}/demo`, `${baseURL}/demo?section=pricing`]);
});
