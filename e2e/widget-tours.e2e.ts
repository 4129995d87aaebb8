import { type BrowserContext, expect, type Page } from "@playwright/test";
import { noteTypingCopilotTour } from "./support/copilot-tour.ts";
import { demoProjectId, writeRows } from "./support/database.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { test } from "./support/spec-test.ts";

/**
 * Product tours and the co-pilot on /demo (spec §2, §4): the demo project's seeded three-step tour
 * (a welcome, an INPUT step on the quick-note field, a CLICK step on Save), which goes on after a
 * reload; a tour the server refuses; and a co-pilot tour of this spec that types into the field itself.
 * The tours chunk loads only when a tour runs, and the co-pilot chunk only for a co-pilot tour.
 */

const mainUrl = `http://localhost:${e2eEnv.PORT}`;
const run = Date.now().toString(36);
const draftTourId = `e2e-draft-tour-${run}`;
const copilotTourId = `e2e-copilot-tour-${run}`;

type HostWindow = Window & {
  tourEvents: Array<[string, string]>;
  Gleap: Record<string, (...args: unknown[]) => unknown>;
};

test.beforeAll(async () => {
  const projectId = await demoProjectId();
  const now = new Date().toISOString();
  const insert = (id: string, status: string, config: unknown) => ({
    query: `INSERT INTO widget_outbounds (id, project_id, type, status, name, config, page_filter, page_filter_type, created_at, updated_at)
      VALUES ($1, $2, 'tour', $3, $1, $4, $5, 'contains', $6, $6)`,
    // Filtered to this spec's own address, so no other page view of the demo project gets them pushed.
    params: [id, projectId, status, JSON.stringify(config), `tour=${id}`, now],
  });
  await writeRows([
    insert(draftTourId, "draft", { steps: [{ selector: "#page-title", message: "Not yet" }] }),
    insert(copilotTourId, "live", noteTypingCopilotTour("<p>Watch</p>")),
  ]);
});

test.afterAll(async () => {
  await writeRows(
    [draftTourId, copilotTourId].map((id) => ({
      query: "DELETE FROM widget_outbounds WHERE id = $1",
      params: [id],
    })),
  );
});

const pageErrors = new WeakMap<Page, string[]>();

test.afterEach(({ page }) => {
  // Nothing a tour does may throw into the host page.
  expect(pageErrors.get(page) ?? []).toEqual([]);
});

/** Opens /demo with consent given, waits for the SDK, and records the tour events the host hears. */
async function openDemo(page: Page, context: BrowserContext, search = "") {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: mainUrl }]);
  if (!pageErrors.has(page)) {
    const errors: string[] = [];
    pageErrors.set(page, errors);
    page.on("pageerror", (error) => errors.push(error.message));
  }
  await page.goto(`/demo${search}`);
  await expect(page.locator("#widget-status")).toHaveAttribute("data-state", "ready");
  await page.evaluate(() => {
    const host = window as unknown as HostWindow;
    host.tourEvents = [];
    for (const name of ["productTourCompleted", "productTourQuit"])
      host.Gleap.on?.(name, (data: { tourId: string }) => host.tourEvents.push([name, data.tourId]));
  });
}

const tourEvents = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).tourEvents);
const popover = (page: Page) => page.locator(".gtr-popover");
const chunkRequests = (page: Page) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    const name = /\/sdk\/(tours|copilot)-chunk-/.exec(request.url())?.[1];
    if (name) requested.push(name);
  });
  return requested;
};

test("the three-step tour: nothing loads without it, its input and click steps gate it, and it goes on after a reload", async ({
  page,
  context,
}) => {
  const requested = chunkRequests(page);
  await openDemo(page, context);
  // A page view without a tour loads neither chunk (an unfinished tour would load before `initialized`,
  // and the launcher after it).
  await expect(page.getByRole("button", { name: "Open feedback" })).toBeVisible();
  expect(requested).toEqual([]);

  await page.getByRole("button", { name: "Take the tour" }).click();
  await expect(popover(page)).toContainText("Welcome to Acme Notes");
  await expect(popover(page).locator(".gtr-progress")).toHaveText("1 of 3");
  await popover(page).getByRole("button", { name: "Next" }).click();
  await expect(popover(page).locator(".gtr-progress")).toHaveText("2 of 3");
  await expect(popover(page).getByRole("button", { name: "Next" })).toBeDisabled();

  // The page goes; the tour waits in local storage and comes back on the next page view.
  await page.reload();
  await expect(popover(page)).toContainText("Write a note");
  await expect(popover(page).locator(".gtr-progress")).toHaveText("2 of 3");
  await page.evaluate(() => {
    const host = window as unknown as HostWindow;
    host.tourEvents = [];
    host.Gleap.on?.("productTourCompleted", (data: { tourId: string }) =>
      host.tourEvents.push(["productTourCompleted", data.tourId]),
    );
  });
  const next = popover(page).getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await page.locator("#note-text").fill("   ");
  await expect(next).toBeDisabled();
  await page.locator("#note-text").fill("Buy oat milk");
  await expect(next).toBeEnabled();
  await next.click();

  await expect(popover(page).locator(".gtr-progress")).toHaveText("3 of 3");
  // A click step has no Next: a click elsewhere changes nothing, a click on its element ends the tour.
  await expect(popover(page).getByRole("button", { name: /Next|Done/ })).toHaveCount(0);
  await page.mouse.click(5, 5);
  await expect(popover(page).locator(".gtr-progress")).toHaveText("3 of 3");
  await page.getByRole("button", { name: "Save note" }).click();

  await expect(popover(page)).toHaveCount(0);
  await expect(page.locator("#notes li")).toHaveText(["Buy oat milk"]);
  await expect.poll(() => tourEvents(page)).toEqual([["productTourCompleted", "demo-tour-first-note"]]);
  expect(await page.evaluate(() => localStorage.getItem("gleap-tour-data"))).toBeNull();
  // A product tour never loads the co-pilot.
  expect([...new Set(requested)]).toEqual(["tours"]);
});

test("a tour that is not live, or not for this page, is cleaned up as quit", async ({ page, context }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await openDemo(page, context, `?tour=${draftTourId}`);
  await page.evaluate((id) => (window as unknown as HostWindow).Gleap.startProductTour?.(id), draftTourId);
  await expect.poll(() => tourEvents(page)).toEqual([["productTourQuit", draftTourId]]);
  // The demo tour is live, but only for addresses with ?tour=notes.
  await page.evaluate(() =>
    (window as unknown as HostWindow).Gleap.startProductTour?.("demo-tour-first-note"),
  );
  await expect
    .poll(() => tourEvents(page))
    .toEqual([
      ["productTourQuit", draftTourId],
      ["productTourQuit", "demo-tour-first-note"],
    ]);
  await expect(popover(page)).toHaveCount(0);
  expect(warnings.filter((text) => text.includes("Product tour is not live. Cleaning up..."))).toHaveLength(
    2,
  );
});

test("a co-pilot tour types into the field by itself", async ({ page, context }) => {
  const requested = chunkRequests(page);
  await openDemo(page, context, `?tour=${copilotTourId}`);
  await page.evaluate((id) => (window as unknown as HostWindow).Gleap.startProductTour?.(id), copilotTourId);
  await expect(page.locator(".gcp-badge")).toContainText("Test co-pilot");
  await expect(page.locator(".gcp-bubble")).toHaveText("Watch");
  // 1.5 s to start, the reading time of one word (1.3 s), then two characters 100 ms apart.
  await expect(page.locator("#note-text")).toHaveValue("Hi", { timeout: 6000 });
  // The page is the co-pilot's while it drives: clicks on it land on the shield.
  await expect(page.locator(".gcp-shield")).toBeVisible();
  expect([...new Set(requested)].sort()).toEqual(["copilot", "tours"]);
  // The completion 1.7 s later (1.2 s after typing, then 0.5 s) is timed in copilot-tour.test.ts, and
  // the way it reaches the tours chunk in copilot-chunk.test.ts.
});
