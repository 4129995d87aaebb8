import { type BrowserContext, expect, type Page, type Route } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { frame, gleap } from "./support/messenger-frame.ts";
import { keptInBrowser, storedWith } from "./support/report-outbox.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * No report is lost, in Chromium against the real server: a report whose send fails is kept in
 * IndexedDB, the frame says it will be sent when the visitor is back online (not "sent"),
 * and it arrives exactly once, after a reload and the network's return, even when a first try
 * reached the server and only its answer was lost (the report's Idempotency-Key). And silent crash
 * reports as the reference sends them: with the page snapshot and the replay only when the exclude
 * map says `false` for them, through the same outbox. Failures here are routed (`context.route`): the
 * browser is online and fetches every chunk; a visitor who is really offline, from a site of its own
 * origin, is report-offline.e2e.ts.
 */

const run = Date.now().toString(36);
const projects = createWidgetProjects("outbox");
let replaysKey = "";

test.beforeAll(async () => {
  replaysKey = await projects.create("replays", { enableWebReplays: true });
});

test.afterAll(async () => {
  await projects.removeAll();
});

const hostPages = hostPageSeries("outbox-host");

async function openHost(page: Page, context: BrowserContext, key: string) {
  return hostPages.open(
    page,
    context,
    snippetHostPage({
      lang: "en",
      title: "Acme Orders",
      script: sdkSnippet(key),
      body: `<main><h1>Acme Orders</h1><p id="total">Order total: 42 EUR</p>
      <button id="pay">Pay now</button></main>`,
    }),
  );
}

const flag = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), `gleap-outbox-${key}`);

/** The network comes back: Chromium fires `online` on the page. */
async function networkBack(context: BrowserContext) {
  await context.setOffline(true);
  await context.setOffline(false);
}

test("a report sent while the network fails is kept, survives a reload and arrives exactly once when the network is back", async ({
  page,
  context,
}) => {
  const marker = `outbox-${run}`;
  await openHost(page, context, "demo");

  // The first try reaches the server, and its answer is lost on the way back; later tries do not
  // get out at all, until the network returns.
  const tries: string[] = [];
  const lostAnswers = async (route: Route) => {
    tries.push(route.request().headers()["idempotency-key"] ?? "");
    if (tries.length === 1) await route.fetch();
    await route.abort("internetdisconnected");
  };
  await context.route("**/api/widget/bugs/v2", lostAnswers);

  await gleap(page, "startFeedbackFlow", "bugreporting", true);
  const form = frame(page);
  await form.locator("#flow-field-description").fill(`The pay button hangs (${marker})`);
  await form.locator("#flow-field-reportedBy").fill("ada@example.com");
  await form.getByTestId("flow-submit").click();

  // Not "sent": the frame says it will go when the visitor is back online.
  const queued = form.getByTestId("flow-queued");
  await expect(queued).toBeVisible();
  await expect(queued).toContainText("will be sent as soon as you are back online");
  await expect(form.getByTestId("flow-success")).toHaveCount(0);

  // Kept with its form data, under the key the server got.
  const kept = await keptInBrowser(page);
  expect(kept).toHaveLength(1);
  expect(kept[0]?.sdkKey).toBe("demo");
  expect(JSON.stringify(kept[0]?.body.formData)).toContain(marker);
  expect(kept[0]?.key).toMatch(/^[0-9a-f]{32}$/);
  expect(tries).toEqual([kept[0]?.key]);
  expect(await flag(page, "demo")).toBe("1");
  const stored = await storedWith(marker);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.idempotency_key).toBe(kept[0]?.key as string);

  // A reload while the network is still down: the next start tries the kept report and keeps it.
  await page.reload();
  await waitForSdkInitialized(page);
  await expect.poll(() => tries.length).toBe(2);
  expect(tries[1]).toBe(kept[0]?.key);
  expect(await keptInBrowser(page)).toHaveLength(1);

  // The network is back: sent again with the same key, answered with the first report, then let go.
  await context.unroute("**/api/widget/bugs/v2", lostAnswers);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await networkBack(context);
  const repeat = await answered;
  expect(repeat.status()).toBe(201);
  expect(((await repeat.json()) as { id: string }).id).toBe(stored[0]?.id as string);
  expect(repeat.request().headers()["idempotency-key"]).toBe(kept[0]?.key as string);
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);
  expect(await flag(page, "demo")).toBeNull();
  expect(await storedWith(marker)).toHaveLength(1);

  // And a later start has nothing to send: the report chunk is not even loaded.
  const sdkFiles: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/sdk/")) sdkFiles.push(request.url());
  });
  await page.reload();
  await waitForSdkInitialized(page);
  expect(sdkFiles.filter((url) => url.includes("report-chunk"))).toEqual([]);
  expect(await storedWith(marker)).toHaveLength(1);
});

test("the German frame says the same of a kept report", async ({ page, context }) => {
  await openHost(page, context, "demo");
  await context.route("**/api/widget/bugs/v2", (route) => route.abort("internetdisconnected"));
  await gleap(page, "setLanguage", "de");
  await gleap(page, "startFeedbackFlow", "bugreporting", true);
  const form = frame(page);
  await form.locator("#flow-field-description").fill(`Offline auf Deutsch (${run})`);
  await form.locator("#flow-field-reportedBy").fill("ada@example.com");
  await form.getByTestId("flow-submit").click();
  await expect(form.getByTestId("flow-queued")).toContainText("wird gesendet, sobald Sie wieder online sind");
  // The kept report goes with this test's browser context: it never reaches the server.
});

type Detail = {
  type: string;
  isSilent: boolean;
  formData: Record<string, unknown>;
  screenshotData: { html: string } | null;
  webReplay: { events: unknown[] } | null;
};

test("silent crash reports: the snapshot and the replay when excluded is false, neither by default, and through the outbox", async ({
  page,
  context,
  request,
}) => {
  const readReport = async (id: string) => {
    const detail = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
    expect(detail.status()).toBe(200);
    return (await detail.json()) as Detail;
  };
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await openHost(page, context, replaysKey);
  // The recorder runs for this project; give it a click to record.
  await expect.poll(() => requests.some((url) => url.includes("replay-chunk"))).toBe(true);
  await page.locator("#pay").click();

  const withParts = (await gleap(page, "sendSilentCrashReport", `with parts ${run}`, "HIGH", {
    screenshot: false,
    replays: false,
  })) as { id: string; type: string };
  expect(withParts.type).toBe("CRASH");
  const full = await readReport(withParts.id);
  expect(full.isSilent).toBe(true);
  expect(full.screenshotData?.html).toContain("Order total: 42 EUR");
  expect(full.screenshotData?.html).not.toContain("gleap-widget-root");
  expect(full.webReplay?.events.length).toBeGreaterThan(0);
  // The answer comes before the kept copy is gone (keeping goes on beside the request): a page view
  // that ends sooner leaves it for the next one to send again, under the same key.
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);

  // One crash report every 10 s per page view: a new page view for the next.
  await page.reload();
  await waitForSdkInitialized(page);
  const bare = (await gleap(page, "sendSilentCrashReportWithFormData", { errorMessage: `bare ${run}` })) as {
    id: string;
  };
  const plain = await readReport(bare.id);
  expect(plain.formData).toEqual({ errorMessage: `bare ${run}` });
  expect(plain.screenshotData).toBeNull();
  expect(plain.webReplay).toBeNull();
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);

  // Offline: the crash report is kept (the call answers nothing) and arrives when the network is back.
  await page.reload();
  await waitForSdkInitialized(page);
  const marker = `crash-offline-${run}`;
  const cut = (route: Route) => route.abort("internetdisconnected");
  await context.route("**/api/widget/bugs/v2", cut);
  expect(await gleap(page, "sendSilentCrashReport", marker)).toBeUndefined();
  // The last page view's copy may be here too: the polls above can pass before its copy was even
  // written, and a reload then leaves it for this page view, which sends it again under its key.
  const kept = await keptInBrowser(page);
  expect(kept.filter((report) => JSON.stringify(report.body.formData).includes(marker))).toHaveLength(1);
  expect(await storedWith(marker)).toHaveLength(0);
  await context.unroute("**/api/widget/bugs/v2", cut);
  await networkBack(context);
  await expect.poll(async () => (await storedWith(marker)).length).toBe(1);
  await expect.poll(async () => (await keptInBrowser(page)).length).toBe(0);
  // A copy sent again is the same report, never a second one.
  expect(await storedWith(`bare ${run}`)).toHaveLength(1);
});
