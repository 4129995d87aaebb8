import { type APIRequestContext, expect } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { replayedPage } from "./support/replay-frame.ts";
import { element, replayDocument, replayOpening, text } from "./support/rrweb-events.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * The replay player staff work with: a report with a web replay opens with markers for the
 * clicks, the console error, the failed request and the report's moment; 8× plays ten seconds in
 * about one; idle skipping and full screen switch; the logs sit beside the player at 1440 px and
 * filter to the failed entries and by search; a frame of our messenger shows as a labelled box; the
 * report's raw keys read as labels.
 */

const run = Date.now().toString(36);

/** Ten seconds of a page with our messenger's frame, two clicks and some mouse movement. */
function replayEvents(start: number, messengerUrl: string) {
  const page = replayDocument(
    element(3, "html", {}, [
      element(4, "head"),
      element(5, "body", { style: "margin:0;font:16px sans-serif;background:#fafafa" }, [
        element(6, "h1", { style: "margin:24px" }, [text(7, "Checkout")]),
        element(8, "button", { id: "pay", style: "margin:0 24px" }, [text(9, "Pay now")]),
        element(10, "iframe", {
          rr_src: `${messengerUrl}/?sdkKey=demo`,
          style: "position:fixed;right:20px;bottom:20px;width:360px;height:420px;border:0",
        }),
      ]),
    ]),
  );
  const click = (at: number) => ({
    type: 3,
    timestamp: start + at,
    data: { source: 2, type: 2, id: 8, x: 40, y: 90 },
  });
  const move = (at: number, x: number) => ({
    type: 3,
    timestamp: start + at,
    data: { source: 1, positions: [{ x, y: 80, id: 5, timeOffset: 0 }] },
  });
  return [
    ...replayOpening(start, { href: "https://shop.test/checkout", width: 1280, height: 720 }, page),
    move(1_000, 100),
    click(2_000),
    move(4_000, 300),
    click(6_000),
    move(10_000, 500),
  ];
}

async function createReport(request: APIRequestContext, description: string) {
  const config = (await (await request.get("/api/public-config")).json()) as { messengerUrl: string };
  const session = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": "demo" },
    data: { lang: "en" },
  });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const start = Date.now() - 15_000;
  const at = (ms: number) => new Date(start + ms).toISOString();
  const created = await request.post("/api/widget/bugs/v2", {
    headers: { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
    data: {
      type: "BUG",
      formData: { description },
      metaData: {
        currentUrl: "https://shop.test/checkout",
        browserName: "Chrome 131",
        screenWidth: 1280,
        mobile: false,
      },
      customData: {},
      consoleLog: [
        { log: "button#pay Pay now", date: at(2_000), priority: "CLICK" },
        { log: "Cart loaded", date: at(1_500), priority: "INFO" },
        { log: "TypeError: payment is undefined", date: at(3_000), priority: "ERROR" },
      ],
      networkLogs: [
        {
          url: "https://shop.test/api/cart",
          type: "GET",
          date: at(1_200),
          duration: 40,
          request: {},
          response: { status: 200, statusText: "OK", responseText: "{}" },
          success: true,
        },
        {
          url: "https://shop.test/api/pay",
          type: "POST",
          date: at(2_800),
          duration: 120,
          request: {},
          response: { status: 502, statusText: "Bad Gateway", responseText: "" },
          success: true,
        },
      ],
      webReplay: { events: replayEvents(start, config.messengerUrl), width: 1280, height: 720 },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test("a replay with markers, speed, idle skipping and full screen, its logs beside it and filtered", async ({
  page,
  request,
}) => {
  const description = `Payment fails (${run})`;
  const id = await createReport(request, description);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();

  const player = page.getByTestId("replay-player");
  await expect(player).toHaveAttribute("data-state", "ready");
  // Our messenger's frame is a labelled box, not a blank one.
  await expect(replayedPage(player).getByText("Messenger — not recorded")).toBeVisible();

  // Two clicks, the console error, the failed request (the 200 is none) and the report's moment.
  const markers = page.getByTestId("replay-markers");
  await expect(markers.locator("[data-kind=click]")).toHaveCount(2);
  await expect(markers.locator("[data-kind=error]")).toHaveCount(1);
  await expect(markers.locator("[data-kind=request]")).toHaveCount(1);
  await expect(markers.locator("[data-kind=report]")).toHaveCount(1);
  await expect(markers.getByRole("button", { name: "Click at 0:02: button#pay Pay now" })).toBeAttached();
  await expect(page.getByTestId("replay-legend")).toContainText("Console error (1)");
  // A marker moves the player to its moment.
  await markers.locator("[data-kind=error]").click();
  await expect(page.getByTestId("replay-clock")).toHaveText("0:03 / 0:10");

  // The logs are beside the player, not below it.
  const logs = page.locator(".inbox-logs");
  const [playerBox, logsBox] = [await player.boundingBox(), await logs.boundingBox()];
  expect(logsBox?.x ?? 0).toBeGreaterThan((playerBox?.x ?? 0) + (playerBox?.width ?? 0));
  expect(logsBox?.y ?? 900).toBeLessThan(400);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: docsScreenshotPath(`inbox-replay-player-${scheme}`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  // The replayed page is the visitor's, in a frame that runs no script, where axe cannot run.
  expect(await axeViolations(page, { include: ".inbox-capture-pair", exclude: [".replay-root"] })).toEqual(
    [],
  );

  // Failed only: the console's error; the network's 502; the search narrows further.
  const consoleLog = page.getByTestId("console-log");
  await expect(consoleLog.locator(".log-entry")).toHaveCount(3);
  await page.getByLabel("Failed only").check();
  await expect(consoleLog.locator(".log-entry")).toHaveCount(1);
  await expect(consoleLog).toContainText("TypeError: payment is undefined");
  await page.getByRole("button", { name: /^Network/ }).click();
  const networkLog = page.getByTestId("network-log");
  await expect(networkLog.locator(".log-entry")).toHaveCount(1);
  await expect(networkLog).toContainText("/api/pay");
  await page.getByLabel("Failed only").uncheck();
  await page.getByRole("searchbox", { name: "Search the logs" }).fill("cart");
  await expect(networkLog.locator(".log-entry")).toHaveCount(1);
  await expect(networkLog).toContainText("/api/cart");
  await page.getByRole("searchbox", { name: "Search the logs" }).fill("nothing like this");
  await expect(page.getByTestId("log-no-match")).toBeVisible();

  // 8×: the ten seconds from 0:03 play out in about one.
  const speed = page.getByRole("group", { name: "Replay speed" });
  await speed.getByRole("button", { name: "8×" }).click();
  await expect(speed.getByRole("button", { name: "8×" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Skip inactivity").check();
  await player.getByRole("button", { name: "Play" }).click();
  await expect(page.getByTestId("replay-clock")).toHaveText("0:10 / 0:10", { timeout: 4_000 });

  await player.getByRole("button", { name: "Full screen" }).click();
  await expect(player.getByRole("button", { name: "Exit full screen" })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid"))).toBe(
    "replay-player",
  );
  await player.getByRole("button", { name: "Exit full screen" }).click();
  await expect(player.getByRole("button", { name: "Full screen" })).toBeVisible();

  // Raw keys read as labels; the empty custom data is not shown.
  await expect(page.getByTestId("form-card")).toContainText("Description");
  await expect(page.locator(".detail-card", { hasText: "Metadata" })).toContainText("Mobile device");
  await expect(page.locator(".detail-card", { hasText: "Metadata" })).toContainText("No");
  await expect(page.getByRole("heading", { name: "Custom data" })).toHaveCount(0);

  // At 390 px the logs stack below the player and nothing runs past the screen's edge.
  await page.setViewportSize({ width: 390, height: 844 });
  const pair = page.locator(".inbox-capture-pair");
  // Both boxes are read again on each try: the player's box moves too while the page lays out anew.
  await expect
    .poll(async () => {
      const [logsBox, playerBox] = [await logs.boundingBox(), await player.boundingBox()];
      return (logsBox?.y ?? 0) - ((playerBox?.y ?? 0) + (playerBox?.height ?? 0));
    })
    .toBeGreaterThanOrEqual(0);
  expect(await pair.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const pairBox = await pair.boundingBox();
  expect((pairBox?.x ?? 0) + (pairBox?.width ?? 0)).toBeLessThanOrEqual(390);
  await pair.screenshot({ path: test.info().outputPath("replay-player-390.png") });
});
