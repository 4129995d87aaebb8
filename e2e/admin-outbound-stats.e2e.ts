import { type APIRequestContext, expect, type FrameLocator, type Page } from "@playwright/test";
import type { AdminOutbound, AdminProjectSettings } from "../src/shared/inbox-api.ts";
import type { OutboundEventKind } from "../src/shared/outbound-api.ts";
import { adminHeaders, publishedOutbound } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { recordOutboundEvents } from "./support/database.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { serveHostPage } from "./support/host-page.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { snippetStub } from "./support/snippet-stub.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

// An outbound's page shows what visitors' widgets acknowledged (shown, opened or
// clicked, completed, closed), in all and per day, and moves without a reload when the widget's
// acknowledgement route (`POST /api/widget/outbound/:id/events`) publishes the `outbound-stats` staff
// push; the content list shows each outbound's shown count. Nothing here hands the admin page a push:
// every push comes from the server, after a real acknowledgement.

const projects = createWidgetProjects("e2e-stats");
test.afterAll(() => projects.removeAll());

const dayMs = 86_400_000;

interface BannerFields {
  pageFilter: string;
  config?: Record<string, unknown>;
}

/** A new project (no cookie consent to wait for) with two published banners, through the admin API. */
async function setUp(request: APIRequestContext, fields: BannerFields = { pageFilter: "/nowhere" }) {
  const headers = await adminHeaders(request);
  const run = Date.now().toString(36);
  const created = await request.post("/api/projects", { headers, data: { name: `Stats ${run}` } });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as AdminProjectSettings;
  projects.adopt(project.id);
  const make = (name: string, pageFilter: string, config: Record<string, unknown> = {}) =>
    publishedOutbound<AdminOutbound>(request, headers, project.id, {
      type: "banner",
      name,
      config: { title: name, ...config },
      pageFilter,
      pageFilterType: "contains",
    });
  const banner = await make(`Spring sale ${run}`, fields.pageFilter, fields.config);
  const other = await make(`Quiet banner ${run}`, "/nowhere");
  return { project, banner, other, run };
}

interface WidgetSession {
  gleapId: string;
  gleapHash: string;
}

async function startSession(request: APIRequestContext, sdkKey: string): Promise<WidgetSession> {
  const session = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": sdkKey },
    data: { lang: "en" },
  });
  expect(session.status()).toBe(200);
  return (await session.json()) as WidgetSession;
}

/** What a visitor's widget sends when it showed, opened, completed or closed an outbound. */
async function acknowledge(
  request: APIRequestContext,
  sdkKey: string,
  session: WidgetSession,
  outboundId: string,
  event: OutboundEventKind,
) {
  const response = await request.post(`/api/widget/outbound/${outboundId}/events`, {
    headers: { "Api-Token": sdkKey, "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
    data: { event },
  });
  expect(response.status()).toBe(200);
}

/** Marks the page, so a later check can tell it was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
}
async function expectSamePage(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

async function openStats(page: Page, projectId: string, bannerId: string) {
  await page.goto(`/dashboard/content/${projectId}/banners/${bannerId}/edit`);
  const stats = page.getByTestId("outbound-stats");
  const total = (kind: OutboundEventKind) => stats.getByTestId(`outbound-total-${kind}`);
  await expect(stats.getByRole("heading", { name: "Reach" })).toBeVisible();
  return { stats, total };
}

const bannerFrame = (page: Page): FrameLocator => page.frameLocator("#gleap-banner iframe");

type StatsWatch = { fetches: number; staffMessages: string[] };

/**
 * What the admin page itself saw, for moments the test must be sure of: how often it asked for this
 * outbound's stats (counted as it calls `fetch`), and every staff socket message once the app's own
 * listeners are done with it (a listener added when the socket opens comes after the ones the app added
 * when it created the socket, and the app's requests for a push start before it runs).
 */
async function watchStatsInPage(page: Page, outboundId: string) {
  await page.addInitScript((id: string) => {
    const watch: StatsWatch = { fetches: 0, staffMessages: [] };
    (window as unknown as { statsWatch: StatsWatch }).statsWatch = watch;
    const nativeFetch = window.fetch.bind(window);
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith(`/outbounds/${id}/stats`)) watch.fetches++;
      return nativeFetch(input, init);
    }) as typeof fetch;
    const NativeSocket = window.WebSocket;
    window.WebSocket = class extends NativeSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("open", () =>
          this.addEventListener("message", (event) => watch.staffMessages.push(String(event.data))),
        );
      }
    };
  }, outboundId);
  const read = () => page.evaluate(() => (window as unknown as { statsWatch: StatsWatch }).statsWatch);
  return {
    /** The `outbound-stats` pushes of this outbound the page has handled. */
    statsPushes: async (outbound: string) =>
      (await read()).staffMessages.filter(
        (message) => message.includes('"outbound-stats"') && message.includes(outbound),
      ).length,
    /** Stats requests the page has made so far (its request events may still be on their way to the test). */
    fetches: async () => (await read()).fetches,
  };
}

test("stats move when a visitor's widget shows the banner, the visitor clicks its button and closes it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const path = `/stats-host-${Date.now().toString(36)}`;
  const { project, banner, other } = await setUp(request, {
    pageFilter: path,
    config: {
      format: "normal",
      body: "<p>Ten percent off this week.</p>",
      buttons: [{ text: "See the offer", action: "start-custom-action", customAction: "see-offer" }],
    },
  });

  // The admin: the banner's page, nothing seen yet.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  const { stats, total } = await openStats(page, project.id, banner.id);
  await expect(total("shown")).toHaveText("0");
  await expect(total("opened")).toHaveText("0");
  await expect(total("closed")).toHaveText("0");
  await markPage(page);
  // A second admin tab on the banners list: its Shown column follows too.
  const list = await page.context().newPage();
  await list.goto(`/dashboard/content/${project.id}/banners`);
  const listed = (name: string) =>
    list.getByRole("row").filter({ hasText: name }).getByTestId("content-shown");
  await expect(listed(banner.name)).toHaveText("0");
  await markPage(list);

  // The visitor: another browser context, a host page of the project where the banner is live.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    const errors: string[] = [];
    visitor.on("pageerror", (error) => errors.push(error.message));
    const customActions: string[] = [];
    await visitor.exposeFunction("customActionCalled", (name: string) => customActions.push(name));
    await serveHostPage(
      visitor,
      visitorContext,
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stats host</title>
        <script>
          ${snippetStub(["initialize", "registerCustomAction"])}
          Gleap.initialize(${JSON.stringify(project.sdkKey)});
          Gleap.registerCustomAction(function (data) { window.customActionCalled(data.name); });
          var s = document.createElement("script"); s.async = true; s.src = "/sdk/loader.js";
          document.head.appendChild(s);
        </script></head>
        <body><main><h1>Acme Shoes</h1><p>A host page with a live banner.</p></main></body></html>`,
    );
    await visitor.goto(path);

    // Sees it: "Shown" 1 on the admin's open page.
    const frame = bannerFrame(visitor);
    await expect(frame.getByText(banner.name, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(total("shown")).toHaveText("1");
    await expect(stats.getByTestId("outbound-stat-shown")).toContainText("1 today");
    await expect(listed(banner.name)).toHaveText("1");
    await expectSamePage(list);
    await expect(total("opened")).toHaveText("0");
    await expect(total("closed")).toHaveText("0");

    // Clicks its button: "Opened or clicked" 1.
    await frame.getByRole("button", { name: "See the offer" }).click();
    await expect.poll(() => customActions).toEqual(["see-offer"]);
    await expect(stats.getByTestId("outbound-stat-opened")).toContainText("Opened or clicked");
    await expect(total("opened")).toHaveText("1");
    await expect(total("closed")).toHaveText("0");

    // Closes it: "Closed" 1, the other figures as they were.
    await frame.getByRole("button", { name: "Close" }).click();
    await expect(visitor.locator("#gleap-banner")).toHaveCount(0);
    await expect(total("closed")).toHaveText("1");
    await expect(total("shown")).toHaveText("1");
    await expect(total("opened")).toHaveText("1");
    await expect(total("completed")).toHaveText("0");
    await expectSamePage(page);
    expect(errors).toEqual([]);
  } finally {
    await visitorContext.close();
  }

  // The list: the banner's shown count, 0 for the other.
  await page.goto(`/dashboard/content/${project.id}/banners`);
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  await expect(row(banner.name).getByTestId("content-shown")).toHaveText("1");
  await expect(row(other.name).getByTestId("content-shown")).toHaveText("0");
});

test("an outbound's days, and a burst of acknowledgements asks the stats again at most twice", async ({
  page,
  request,
}) => {
  const { project, banner, other } = await setUp(request);
  const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => startSession(request, project.sdkKey)));
  if (!a || !b || !c || !d) throw new Error("no sessions");
  const ack = (session: WidgetSession, outboundId: string, event: OutboundEventKind) =>
    acknowledge(request, project.sdkKey, session, outboundId, event);
  // Before the page opens: one visitor saw it three days ago (no route can date an acknowledgement
  // back, so the server's own recorder writes it).
  const threeDaysAgo = new Date(Date.now() - 3 * dayMs).toISOString();
  await recordOutboundEvents([
    { outboundId: banner.id, sessionId: c.gleapId, kind: "shown", at: threeDaysAgo },
  ]);

  const statsCalls: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith(`/outbounds/${banner.id}/stats`)) statsCalls.push(sent.url());
  });
  const inPage = await watchStatsInPage(page, banner.id);
  /** Until every stats request the page has made has reached `statsCalls`. */
  const allStatsCallsSeen = async () => expect.poll(() => statsCalls.length).toBe(await inPage.fetches());
  // The page's timers run on Playwright's clock (at the real pace until the test moves it).
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  const { stats, total } = await openStats(page, project.id, banner.id);
  await expect(total("shown")).toHaveText("1");
  await expect(total("opened")).toHaveText("0");
  await expect(stats.getByTestId("outbound-stat-shown")).toContainText("None today");
  await markPage(page);

  // Two visitors see it today; one clicks and closes it.
  await ack(a, banner.id, "shown");
  await ack(b, banner.id, "shown");
  await ack(a, banner.id, "opened");
  await ack(a, banner.id, "closed");
  await expect(total("shown")).toHaveText("3");
  await expect(total("opened")).toHaveText("1");
  await expect(total("completed")).toHaveText("0");
  await expect(total("closed")).toHaveText("1");
  await expect(stats.getByTestId("outbound-stat-shown")).toContainText("2 today");
  await expectSamePage(page);

  // The days: today and three days ago, newest first.
  await stats.getByText("Per day").click();
  const rows = stats.getByTestId("outbound-stats-days").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator("td")).toHaveText(["2", "1", "0", "1"]);
  await expect(rows.nth(1).locator("td")).toHaveText(["1", "0", "0", "0"]);
  await expect(rows.nth(1).locator("time")).toHaveAttribute("datetime", threeDaysAgo.slice(0, 10));
  await stats.screenshot({ path: docsScreenshotPath("outbound-stats") });

  // Another outbound's acknowledgement asks nothing; a burst of five asks at most twice (once at
  // once, once at the end of the second), and the last change is there.
  // The page has handled the four pushes above; a second on the page's clock later, the run the
  // throttle may have kept for the end of its gap has been made, and the gap since it has passed.
  await expect.poll(() => inPage.statsPushes(banner.id)).toBe(4);
  await page.clock.runFor(2_000);
  await allStatsCallsSeen();
  const before = statsCalls.length;
  await ack(d, other.id, "shown");
  // The other outbound's push has reached the page's listeners (any request it set off has been made).
  await expect.poll(() => inPage.statsPushes(other.id)).toBe(1);
  await allStatsCallsSeen();
  expect(statsCalls.length).toBe(before);
  await Promise.all([
    ack(c, banner.id, "opened"),
    ack(d, banner.id, "shown"),
    ack(b, banner.id, "opened"),
    ack(d, banner.id, "opened"),
    ack(b, banner.id, "completed"),
  ]);
  await expect(total("completed")).toHaveText("1");
  await expect(total("opened")).toHaveText("4");
  await expect(total("shown")).toHaveText("4");
  // The page has handled all five pushes; 1.5 s later on its clock any run the throttle kept is made.
  await expect.poll(() => inPage.statsPushes(banner.id)).toBe(9);
  await page.clock.runFor(1_500);
  await allStatsCallsSeen();
  expect(statsCalls.length - before).toBeGreaterThanOrEqual(1);
  expect(statsCalls.length - before).toBeLessThanOrEqual(2);

  expect(await axeViolations(page, { include: "[data-testid=outbound-stats]" })).toEqual([]);

  // The list: the banner's shown count, 0 for the other's (its one acknowledgement is its own).
  await page.goto(`/dashboard/content/${project.id}/banners`);
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  await expect(row(banner.name).getByTestId("content-shown")).toHaveText("4");
  await expect(row(other.name).getByTestId("content-shown")).toHaveText("1");
});

test("the stats read well at 390 px, light and dark, in German", async ({ page, request }) => {
  const { project, banner } = await setUp(request);
  const sessions = await Promise.all([0, 1, 2].map(() => startSession(request, project.sdkKey)));
  const events = sessions.flatMap(({ gleapId: sessionId }, index) =>
    [0, 2, 5, 9, 14].flatMap((daysAgo) => {
      const at = new Date(Date.now() - (daysAgo + index) * dayMs).toISOString();
      const kinds: OutboundEventKind[] = [
        "shown",
        ...(daysAgo % 2 === 0 ? (["opened", "closed"] as const) : []),
      ];
      return kinds.map((kind) => ({ outboundId: banner.id, sessionId, kind, at }));
    }),
  );
  await recordOutboundEvents(events);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "de", `/dashboard/content/${project.id}/banners/${banner.id}/edit`);
  const stats = page.getByTestId("outbound-stats");
  await expect(stats.getByRole("heading", { name: "Reichweite" })).toBeVisible();
  await expect(stats.getByTestId("outbound-total-shown")).toHaveText("3");
  await stats.getByText("Pro Tag").click();
  await expect(stats.getByTestId("outbound-stats-days").locator("tbody tr").first()).toBeVisible();
  // Nothing of the panel runs past the screen's edge.
  const overflow = await stats.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await stats.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await stats.scrollIntoViewIfNeeded();
    await stats.screenshot({ path: docsScreenshotPath(`outbound-stats-${scheme}`) });
    expect(await axeViolations(page, { include: "[data-testid=outbound-stats]" })).toEqual([]);
  }
});
