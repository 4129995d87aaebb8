import { type APIRequestContext, type BrowserContext, expect, type Frame, type Page } from "@playwright/test";
import { reportAsAdmin } from "./support/admin-api.ts";
import { mainOrigin, snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { gleap, openBugReportFlow, reportScreenshotAsIs, sendBugReport } from "./support/messenger-frame.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * What a report's logs carry of the page, and only of the page: the page's
 * uncaught errors and unhandled rejections as ERROR entries with their stack; none of the widget's
 * own console output (snapdom's, rrweb's) in the log or in the host's console, and none of the
 * screenshot's own fetches of the page's pictures in the network log. The stored report is read back
 * through the admin API.
 */

const projects = createWidgetProjects("quiet");
const keys: Record<string, string> = {};

test.beforeAll(async () => {
  keys.plain = await projects.create("plain");
  keys.logged = await projects.create("logged", {
    enableWebReplays: true,
    enableNetworkLogs: true,
    sendNetworkResources: true,
  });
});

test.afterAll(async () => {
  await projects.removeAll();
});

interface StoredReport {
  consoleLog: Array<{ log: string; priority: string }>;
  networkLogs: Array<{ url: string; type: string; initiatorType?: string }>;
  screenshotData: { image?: string } | null;
  webReplay: { events: unknown[] } | null;
}

const hostPages = hostPageSeries("quiet-host");

async function openHost(page: Page, context: BrowserContext, key: string, body: string, script = "") {
  await hostPages.open(
    page,
    context,
    snippetHostPage({
      lang: "en",
      title: "Acme Shop",
      script: `${sdkSnippet(key)}
        ${script}
      `,
      body,
    }),
  );
}

async function sendAndRead(page: Page, frame: Frame, request: APIRequestContext): Promise<StoredReport> {
  return reportAsAdmin<StoredReport>(
    request,
    await sendBugReport(page, frame, { description: "Quiet widget" }),
  );
}

test("the page's uncaught error and unhandled rejection reach the report as ERROR entries with their stack", async ({
  page,
  context,
  request,
}) => {
  await openHost(
    page,
    context,
    keys.plain ?? "",
    "<main><h1>Cart</h1></main>",
    `function saveCart() { throw new Error("cart exploded"); }
     async function loadPrices() { throw new TypeError("prices unavailable"); }
     window.failLater = function () { setTimeout(saveCart, 0); };
     window.rejectLater = function () { setTimeout(function () { loadPrices(); }, 0); };`,
  );
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.evaluate(() => {
    const host = window as unknown as { failLater(): void; rejectLater(): void };
    host.failLater();
    host.rejectLater();
  });
  // The browser still reports both as it would without the SDK.
  await expect.poll(() => pageErrors.length).toBe(2);

  // destroy removes the listeners: an error between destroy and the next initialize is not recorded.
  await gleap(page, "destroy");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("while destroyed");
    }, 0);
  });
  await expect.poll(() => pageErrors.length).toBe(3);
  // destroy forgot the page's listeners too.
  await page.evaluate((key) => {
    const host = window as unknown as {
      gleapInitialized: boolean;
      Gleap: { on(name: string, callback: () => void): void; initialize(key: string): void };
    };
    host.gleapInitialized = false;
    host.Gleap.on("initialized", () => {
      host.gleapInitialized = true;
    });
    host.Gleap.initialize(key);
  }, keys.plain ?? "");
  await waitForSdkInitialized(page);

  const report = await sendAndRead(page, await openBugReportFlow(page), request);
  const errors = report.consoleLog.filter((entry) => entry.priority === "ERROR").map((entry) => entry.log);
  const uncaught = errors.find((log) => log.startsWith("Uncaught Error: cart exploded"));
  const rejected = errors.find((log) =>
    log.startsWith("Uncaught (in promise) TypeError: prices unavailable"),
  );
  expect(uncaught).toMatch(/\n\s+at saveCart \(http:\/\/localhost:\d+\/quiet-host-\d+:\d+:\d+\)/);
  expect(rejected).toMatch(/\n\s+at loadPrices \(http:\/\/localhost:\d+\/quiet-host-\d+:\d+:\d+\)/);
  expect(errors.every((log) => log.length <= 1000)).toBe(true);
  expect(errors.some((log) => log.includes("while destroyed"))).toBe(false);
});

/** A 64×64 PNG of one colour, as the page's picture. */
async function png(page: Page, colour: string): Promise<Buffer> {
  await page.setContent(`<div style="width:64px;height:64px;background:${colour}"></div>`);
  return page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } });
}

test("a screenshot report with a replay running: no widget output in the console or the logs, the page's own kept", async ({
  page,
  context,
  request,
}) => {
  const photo = await png(page, "#f80");
  const banner = await png(page, "#08f");
  await page.route("**/quiet-photo.png", (route) => route.fulfill({ contentType: "image/png", body: photo }));
  await page.route("**/quiet-banner.png", (route) =>
    route.fulfill({ contentType: "image/png", body: banner }),
  );
  // A background the page names but the server does not have: snapdom warns when it cannot inline it.
  await page.route("**/quiet-missing.png", (route) => route.fulfill({ status: 404, body: "" }));
  await page.route("**/quiet-page-data", (route) =>
    route.fulfill({ contentType: "application/json", body: '{"items":3}' }),
  );
  const hostConsole: Array<{ type: string; text: string }> = [];
  page.on("console", (message) => hostConsole.push({ type: message.type(), text: message.text() }));

  await openHost(
    page,
    context,
    keys.logged ?? "",
    `<main><h1>Catalogue</h1>
      <img id="photo" src="/quiet-photo.png" alt="A photo" width="64" height="64">
      <div id="hero" style="width:200px;height:80px;background-image:url(/quiet-banner.png)"></div>
      <div id="broken" style="width:200px;height:40px;background-image:url(/quiet-missing.png)"></div>
    </main>`,
  );
  // The replay recorder runs (its chunk is loaded) before anything else happens.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((entry) => entry.name.includes("replay-chunk")),
      ),
    )
    .toBe(true);
  // The page's own activity, which the report must keep.
  await page.evaluate(async () => {
    console.warn("page: stock is low");
    await (await fetch("/quiet-page-data")).json();
  });

  const frame = await reportScreenshotAsIs(page);
  // The picture is made (snapdom has fetched what it inlines) before the report goes.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType("resource")
              .filter(
                (entry) =>
                  entry.name.includes("quiet-banner.png") &&
                  (entry as PerformanceResourceTiming).initiatorType === "fetch",
              ).length,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  const report = await sendAndRead(page, frame, request);

  expect(report.screenshotData?.image).toMatch(/^data:image\/jpeg;base64,/);
  expect(report.webReplay?.events.length).toBeGreaterThan(0);

  // The host's console: the page's own warning, none of snapdom's or rrweb's.
  expect(hostConsole).toContainEqual({ type: "warning", text: "page: stock is low" });
  const libraryOutput = hostConsole.filter((message) => /snapdom|rrweb/i.test(message.text));
  expect(libraryOutput).toEqual([]);

  // The report's console log: the page's warning, nothing of the widget's.
  const logs = report.consoleLog.filter((entry) => entry.priority !== "CLICK").map((entry) => entry.log);
  expect(logs).toContain("page: stock is low");
  expect(logs.filter((log) => /snapdom|rrweb|Gleap/i.test(log))).toEqual([]);

  // The network log: the page's fetch, and no fetch of the pictures by the snapshot.
  const network = report.networkLogs;
  expect(network).toContainEqual(
    expect.objectContaining({ url: `${mainOrigin}/quiet-page-data`, type: "GET" }),
  );
  const pictures = /quiet-(photo|banner|missing)\.png/;
  const snapshotFetches = network.filter(
    (entry) =>
      pictures.test(entry.url) &&
      (entry.type !== "RESOURCE" || ["fetch", "xmlhttprequest"].includes(entry.initiatorType ?? "")),
  );
  expect(snapshotFetches).toEqual([]);
  // The page's own pictures, loaded by its markup and CSS, stay as its resources.
  expect(network).toContainEqual(
    expect.objectContaining({ type: "RESOURCE", url: `${mainOrigin}/quiet-photo.png`, initiatorType: "img" }),
  );
  // Nor are the widget's own files the page's.
  expect(network.filter((entry) => entry.url.includes("/sdk/"))).toEqual([]);
});
