import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test, type WebSocketRoute } from "@playwright/test";
import type { AdminOutbound, AdminProjectSettings } from "../src/shared/inbox-api.ts";
import type { OutboundEventKind } from "../src/shared/outbound-api.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { recordOutboundEvents } from "./support/outbound-events.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

// Issue 22 point 4: an outbound's page shows what visitors' widgets acknowledged (shown, opened or
// clicked, completed, closed), in all and per day, and moves when the `outbound-stats` staff push
// comes, without a reload; the content list shows each outbound's shown count.
//
// The acknowledgements are recorded with the server's own recorder, and the push is handed to the
// page's staff socket here (the real socket stays connected through the route): the widget's
// acknowledgement route that does both in production is tested with the delivery rules.

const projects = createWidgetProjects("e2e-stats");
test.afterAll(() => projects.removeAll());

const dayMs = 86_400_000;

async function setUp(request: Parameters<typeof adminHeaders>[0]) {
  const headers = await adminHeaders(request);
  const run = Date.now().toString(36);
  const created = await request.post("/api/projects", { headers, data: { name: `Stats ${run}` } });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as AdminProjectSettings;
  projects.adopt(project.id);
  const base = `/api/projects/${project.id}/outbounds`;
  const make = async (name: string) => {
    const response = await request.post(base, {
      headers,
      data: {
        type: "banner",
        name,
        config: { title: name },
        pageFilter: "/nowhere",
        pageFilterType: "contains",
      },
    });
    expect(response.status()).toBe(201);
    const outbound = (await response.json()) as AdminOutbound;
    expect((await request.post(`${base}/${outbound.id}/publish`, { headers })).status()).toBe(200);
    return outbound;
  };
  const banner = await make(`Spring sale ${run}`);
  const other = await make(`Quiet banner ${run}`);
  const sessions: string[] = [];
  for (let index = 0; index < 3; index++) {
    const session = await request.post("/api/widget/sessions", {
      headers: { "Api-Token": project.sdkKey },
      data: { lang: "en" },
    });
    expect(session.status()).toBe(200);
    sessions.push(((await session.json()) as { gleapId: string }).gleapId);
  }
  return { project, banner, other, sessions };
}

/** Holds the page's staff socket (still connected to the server) to hand it a push. */
async function holdStaffSocket(page: Page): Promise<() => WebSocketRoute> {
  let held: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/api\/admin\/ws/, (socket) => {
    socket.connectToServer();
    held = socket;
  });
  return () => {
    if (!held) throw new Error("the page opened no staff socket");
    return held;
  };
}

const statsPush = (projectId: string, outboundId: string) =>
  JSON.stringify({ name: "outbound-stats", data: { projectId, outboundId } });

test("an outbound's stats move on the outbound-stats push without a reload; the list shows the shown count", async ({
  page,
  request,
}) => {
  const { project, banner, other, sessions } = await setUp(request);
  const [a, b, c] = sessions as [string, string, string];
  const now = Date.now();
  const today = new Date(now).toISOString();
  const threeDaysAgo = new Date(now - 3 * dayMs).toISOString();
  // Before the page opens: one visitor saw it three days ago.
  recordOutboundEvents([{ outboundId: banner.id, sessionId: c, kind: "shown", at: threeDaysAgo }]);

  const staffSocket = await holdStaffSocket(page);
  const statsCalls: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith(`/outbounds/${banner.id}/stats`)) statsCalls.push(sent.url());
  });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(`/dashboard/content/${project.id}/banners/${banner.id}/edit`);
  const stats = page.getByTestId("outbound-stats");
  const total = (kind: OutboundEventKind) => stats.getByTestId(`outbound-total-${kind}`);
  await expect(stats.getByRole("heading", { name: "Reach" })).toBeVisible();
  await expect(total("shown")).toHaveText("1");
  await expect(total("opened")).toHaveText("0");
  await expect(stats.getByTestId("outbound-stat-shown")).toContainText("None today");
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // Two visitors see it today; one clicks and closes it. The push brings the numbers.
  recordOutboundEvents([
    { outboundId: banner.id, sessionId: a, kind: "shown", at: today },
    { outboundId: banner.id, sessionId: b, kind: "shown", at: today },
    { outboundId: banner.id, sessionId: a, kind: "opened", at: today },
    { outboundId: banner.id, sessionId: a, kind: "closed", at: today },
  ]);
  await expect(total("shown")).toHaveText("1");
  staffSocket().send(statsPush(project.id, banner.id));
  await expect(total("shown")).toHaveText("3");
  await expect(total("opened")).toHaveText("1");
  await expect(total("completed")).toHaveText("0");
  await expect(total("closed")).toHaveText("1");
  await expect(stats.getByTestId("outbound-stat-shown")).toContainText("2 today");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // The days: today and three days ago, newest first.
  await stats.getByText("Per day").click();
  const rows = stats.getByTestId("outbound-stats-days").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator("td")).toHaveText(["2", "1", "0", "1"]);
  await expect(rows.nth(1).locator("td")).toHaveText(["1", "0", "0", "0"]);
  await expect(rows.nth(1).locator("time")).toHaveAttribute("datetime", threeDaysAgo.slice(0, 10));
  await stats.screenshot({ path: "docs/screenshots/outbound-stats.png" });

  // Another outbound's push asks nothing; a burst of pushes asks at most twice (once at once, once
  // at the end of the second), and the last change is there.
  await page.waitForTimeout(1100);
  const before = statsCalls.length;
  staffSocket().send(statsPush(project.id, other.id));
  recordOutboundEvents([{ outboundId: banner.id, sessionId: b, kind: "completed", at: today }]);
  for (let push = 0; push < 5; push++) staffSocket().send(statsPush(project.id, banner.id));
  await expect(total("completed")).toHaveText("1");
  await page.waitForTimeout(1500);
  expect(statsCalls.length - before).toBeGreaterThanOrEqual(1);
  expect(statsCalls.length - before).toBeLessThanOrEqual(2);

  const axe = await new AxeBuilder({ page })
    .include("[data-testid=outbound-stats]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations).toEqual([]);

  // The list: the banner's shown count, 0 for the other.
  await page.goto(`/dashboard/content/${project.id}/banners`);
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  await expect(row(banner.name).getByTestId("content-shown")).toHaveText("3");
  await expect(row(other.name).getByTestId("content-shown")).toHaveText("0");
});

test("the stats read well at 390 px, light and dark, in German", async ({ page, request }) => {
  const { project, banner, sessions } = await setUp(request);
  const events = sessions.flatMap((sessionId, index) =>
    [0, 2, 5, 9, 14].flatMap((daysAgo) => {
      const at = new Date(Date.now() - (daysAgo + index) * dayMs).toISOString();
      const kinds: OutboundEventKind[] = [
        "shown",
        ...(daysAgo % 2 === 0 ? (["opened", "closed"] as const) : []),
      ];
      return kinds.map((kind) => ({ outboundId: banner.id, sessionId, kind, at }));
    }),
  );
  recordOutboundEvents(events);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "de");
  await page.goto(`/dashboard/content/${project.id}/banners/${banner.id}/edit`);
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
    await stats.screenshot({ path: `docs/screenshots/outbound-stats-${scheme}.png` });
    const axe = await new AxeBuilder({ page })
      .include("[data-testid=outbound-stats]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(axe.violations).toEqual([]);
  }
});
