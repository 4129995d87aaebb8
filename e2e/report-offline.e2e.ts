import { type BrowserContext, expect, type Page, type Response, type Route } from "@playwright/test";
import { widgetSnippet } from "../src/admin/projects/widget-snippet.ts";
import { storedReportsFlag } from "../src/shared/stored-reports-flag.ts";
import { reportAsAdmin } from "./support/admin-api.ts";
import { mainOrigin } from "./support/host-page.ts";
import { app, frame } from "./support/messenger-frame.ts";
import { keptInBrowser, storedWith } from "./support/report-outbox.ts";
import { test } from "./support/spec-test.ts";

/**
 * A visitor of a plain site (its own origin, the project's snippet pasted as the install panel shows
 * it) sends a bug report through the messenger while the network is down (`context.setOffline`, not a
 * routed failure: the browser fetches nothing at all). The report chunk was loaded with the messenger,
 * so the report is kept in the site's IndexedDB, masked as it would have been posted; the frame says
 * it will be sent when the visitor is back online, and so does the page once the messenger is closed.
 * It arrives exactly once, without a click: at the next page load, or on the page that stayed open
 * when the network returns; two tabs sending the same kept report at once still make one record (its
 * `Idempotency-Key`). Each test files its own report, found by a marker in its description.
 */

const shopOrigin = "http://offline-shop.example";
const sdkKey = "demo";
const run = Date.now().toString(36);
/** Typed into the page's password field and logged by the page: it must not be kept, masked or not. */
const password = "Pw!offline-7Qz-kept";

const waitingText = "Your feedback is saved on this device and will be sent when you are back online.";
const sentText = "Your feedback was sent. Thank you!";

/** Serves the shop's page for every path of its origin, the snippet in its head, consent given. */
async function serveShop(context: BrowserContext) {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: shopOrigin }]);
  await context.route(`${shopOrigin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Shop</title>
        ${widgetSnippet(mainOrigin, sdkKey)}
        <script>Gleap.on("initialized", function () { window.gleapInitialized = true; });</script></head>
        <body><main><h1>Acme Shop</h1><p>Cart total: 42 EUR</p>
        <label>Password <input id="password" type="password"
          oninput="console.log('login with ' + this.value)"></label></main></body></html>`,
    }),
  );
}

async function openShop(page: Page, path = "/cart") {
  await page.goto(`${shopOrigin}${path}`);
  await page.waitForFunction(() => (window as { gleapInitialized?: boolean }).gleapInitialized === true);
}

const notice = (page: Page) => page.getByTestId("gleap-report-notice");

/** The launcher opens the messenger's home; its bug report row opens the form. */
async function openBugForm(page: Page) {
  await page.getByTestId("gleap-launcher").click();
  await expect(app(page)).toHaveAttribute("data-ready", "true");
  // A click while the home screen is drawn again for the session's first answers can be lost (seen
  // with two tabs on a loaded machine): the row is clicked until its form is open.
  await expect(async () => {
    await frame(page).locator("[data-home-action='flow:bugreporting']").click({ timeout: 2000 });
    await expect(app(page)).toHaveAttribute("data-screen", "flow/bugreporting", { timeout: 2000 });
  }).toPass();
  // The form's fields come with the flow's own request: the tests go offline only once they are there
  // (offline before, the form shows "could not reach the server", seen on a loaded machine).
  await expect(frame(page).locator("#flow-field-description")).toBeVisible();
}

/** Fills the form with `marker` in the description and sends it; the frame says it is kept. */
async function sendWhileOffline(page: Page, marker: string) {
  await frame(page).locator("#flow-field-description").fill(`The pay button hangs (${marker})`);
  await frame(page).locator("#flow-field-reportedBy").fill("ada@example.com");
  await frame(page).getByTestId("flow-submit").click();
  const queued = frame(page).getByTestId("flow-queued");
  await expect(queued).toContainText("will be sent as soon as you are back online");
  await expect(frame(page).getByTestId("flow-success")).toHaveCount(0);
}

/**
 * On a freshly served shop, opens the bug form, takes the network away and sends a report marked with
 * `name` and this run; answers the marker.
 */
async function sendFromOfflineShop(page: Page, context: BrowserContext, name: string) {
  const marker = `${name}-${run}`;
  await serveShop(context);
  await openShop(page);
  await openBugForm(page);
  await context.setOffline(true);
  await sendWhileOffline(page, marker);
  return marker;
}

const flagOf = (page: Page) =>
  page.evaluate((name) => window.localStorage.getItem(name), storedReportsFlag(sdkKey));

/** The report posts the server answered, on this page. */
function watchAnswers(page: Page): Response[] {
  const answers: Response[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/widget/bugs/v2")) answers.push(response);
  });
  return answers;
}

test("a report sent offline with a screenshot is kept masked, survives an offline reload and arrives once at the next load, without a click", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const marker = `offline-load-${run}`;
  await serveShop(context);
  await openShop(page);
  await page.locator("#password").pressSequentially(password);
  await openBugForm(page);

  // The screenshot is taken while the network is there (the capture editor is a chunk of its own).
  await frame(page)
    .getByRole("button", { name: /Take a screenshot/ })
    .click();
  await page.getByTestId("capture-next").click();
  await expect(frame(page).getByTestId("capture-attached").locator("img")).toHaveAttribute(
    "src",
    /^data:image\/jpeg/,
  );

  await context.setOffline(true);
  const answers = watchAnswers(page);
  await sendWhileOffline(page, marker);

  // Kept once, as it would have been posted: the screenshot with it, the password nowhere.
  const kept = await keptInBrowser(page);
  expect(kept).toHaveLength(1);
  const keptText = JSON.stringify(kept[0]?.body);
  expect(keptText).toContain(marker);
  expect(keptText).toContain("Cart total: 42 EUR");
  expect(keptText).toContain("login with ****");
  expect(keptText).not.toContain(password);
  expect(keptText).not.toContain(password.slice(0, 8));
  expect(kept[0]?.told).toBe(true);
  expect(await flagOf(page)).toBe("1");

  // With the messenger closed, the page itself says the report waits.
  await page.getByTestId("gleap-launcher").click();
  await expect(notice(page)).toHaveText(waitingText);

  // A reload while still offline: the page comes (the site's own), the SDK cannot, the report stays.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Acme Shop" })).toBeVisible();
  expect(await keptInBrowser(page)).toHaveLength(1);
  expect(await storedWith(marker)).toHaveLength(0);

  // Online, the next page load sends it by itself, once, under the key it was kept with.
  await context.setOffline(false);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await openShop(page, "/orders");
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(response.request().headers()["idempotency-key"]).toBe(kept[0]?.key as string);
  await expect(notice(page)).toHaveText(sentText);
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);
  expect(await flagOf(page)).toBeNull();
  const stored = await storedWith(marker);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.idempotency_key).toBe(kept[0]?.key as string);
  const report = await reportAsAdmin<{
    screenshotData: { html: string } | null;
    formData: Record<string, unknown>;
  }>(request, stored[0]?.id as string);
  expect(report.formData).toMatchObject({ description: `The pay button hangs (${marker})` });
  expect(report.screenshotData?.html).toContain("Cart total: 42 EUR");
  // The notice goes by itself; the server answered one post (the offline tries never left the page).
  await expect(notice(page)).toBeHidden({ timeout: 15_000 });
  expect(answers).toHaveLength(1);
  expect(await storedWith(marker)).toHaveLength(1);
});

test("the page that stayed open sends the kept report when the network comes back (the online event)", async ({
  page,
  context,
}) => {
  const marker = await sendFromOfflineShop(page, context, "offline-open");
  expect(await keptInBrowser(page)).toHaveLength(1);
  // The frame says it waits; the page's notice stays out of the open messenger's way.
  await expect(notice(page)).toHaveCount(0);

  const answered = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await context.setOffline(false);
  expect((await answered).status()).toBe(201);
  // Told over the open messenger, which still shows its own "will be sent" thank-you.
  await expect(notice(page)).toHaveText(sentText);
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);
  expect(await storedWith(marker)).toHaveLength(1);
});

test("two tabs of the site sending the same kept report at once make one record", async ({
  page,
  context,
}) => {
  const marker = await sendFromOfflineShop(page, context, "offline-tabs");
  const [kept] = await keptInBrowser(page);

  // Both sends reach the server together: each is held until the other has left its tab.
  const held: Route[] = [];
  let release: () => void = () => {};
  const bothSent = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route("**/api/widget/bugs/v2", async (route) => {
    held.push(route);
    if (held.length === 2) release();
    await bothSent;
    await route.continue();
  });
  const second = await context.newPage();
  const answers = [page, second].map((tab) =>
    tab.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2")),
  );
  // The open tab hears the network come back; the new one finds the kept report as it starts.
  await context.setOffline(false);
  await openShop(second, "/help");
  await bothSent;
  expect(held.map((route) => route.request().headers()["idempotency-key"])).toEqual([kept?.key, kept?.key]);
  const responses = await Promise.all(answers);
  expect(responses.map((response) => response.status())).toEqual([201, 201]);
  const ids = await Promise.all(
    responses.map(async (response) => ((await response.json()) as { id: string }).id),
  );
  expect(ids[0]).toBe(ids[1] as string);
  const stored = await storedWith(marker);
  expect(stored.map((row) => row.id)).toEqual([ids[0]]);
  for (const tab of [page, second]) await expect(notice(tab)).toHaveText(sentText);
});
