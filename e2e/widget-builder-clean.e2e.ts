import { expect, type Page } from "@playwright/test";
import { demoProjectIdAsAdmin, publishedOutbound } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { giveCookieConsent } from "./support/host-page.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { pageViewPinged, watchOffers } from "./support/widget-offers.ts";
import { storedGleapId } from "./support/widget-session.ts";

/**
 * The window the admin's builder opens shows no visitor content. On /demo a modal, a banner,
 * a notification and a tour are live for this spec's own address; a visitor sees them there, while
 * the builder window opened on the same address (`openBuilder`, the tour editor's button) shows none
 * of them, whether the socket pushes them, the address asks for a survey or the page's own script
 * calls `Gleap.showModal`. No chunk of theirs is even loaded. The builder's bar lies above every
 * widget surface and the page's own topmost layer: "Pick element" takes the click and the launcher is
 * under the bar.
 */

const origin = `http://localhost:${e2eEnv.PORT}`;
const run = Date.now().toString(36);
const filter = `builder-clean=${run}`;
const address = `${origin}/demo?${filter}`;

type HostWindow = Window & { Gleap: Record<string, (...args: unknown[]) => unknown> };

/** What a visitor's page shows of the live content (the widget's shadow root is open to locators). */
const modal = (page: Page) => page.locator(".gm-frame");
const banner = (page: Page) => page.locator("#gleap-banner iframe");
const notification = (page: Page) => page.locator(".gn-stack .gn-item");
const tourStep = (page: Page) => page.locator(".gtr-popover");

/** The chunks that show visitor content (a survey shows in the messenger). */
const contentChunk = /\/sdk\/(banner|modal|notifications|tours|messenger)-chunk-/;

/** The live content the server has offered this session (a delivery row each), of any spec or the demo's. */
async function offered(sessionId: string): Promise<string[]> {
  return (
    await selectRows<{ outbound_id: string }>(
      "SELECT outbound_id FROM widget_outbound_deliveries WHERE session_id = $1",
      sessionId,
    )
  ).map((row) => row.outbound_id);
}

test("the builder window shows no visitor content, and its bar lies above the launcher", async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { headers, projectId } = await demoProjectIdAsAdmin(request);
  const outbounds = `/api/projects/${projectId}/outbounds`;
  const live: Record<string, string> = {};
  // Live, and only for this spec's own address, so no other page view of the demo project gets them.
  const scoped = { pageFilter: filter, pageFilterType: "contains" };
  const contents = {
    notification: { text: "Your export is ready", sender: { name: "Lena from Acme" } },
    modal: { title: "Invite your team", body: "<p>Shared spaces.</p>", showCloseButton: true },
    banner: { format: "normal", title: "Maintenance tonight", body: "<p>From 22:00.</p>" },
    tour: { steps: [{ message: "<p>Welcome</p>" }], builderUrl: address },
  };
  try {
    for (const [type, config] of Object.entries(contents)) {
      const { id } = await publishedOutbound(request, headers, projectId, {
        type,
        name: `Builder clean ${type} ${run}`,
        config,
        ...scoped,
      });
      live[type] = id;
    }

    // A visitor of that address gets them: the notification at once, and a takeover.
    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await giveCookieConsent(visitor);
      await visitorPage.goto(address);
      await expect(notification(visitorPage).first()).toBeVisible();
      await expect(
        modal(visitorPage).or(banner(visitorPage)).or(tourStep(visitorPage)).first(),
      ).toBeVisible();
    } finally {
      await visitor.close();
    }

    // The admin opens the builder for the tour, on the same address.
    await giveCookieConsent(context);
    const chunks: Array<{ page: Page; url: string }> = [];
    context.on("request", (sent) => {
      if (contentChunk.test(sent.url())) chunks.push({ page: sent.frame().page(), url: sent.url() });
    });
    await signInAsAdmin(page, "en-US", `/dashboard/content/${projectId}/tours/${live.tour}/edit`);
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Open builder" }).click();
    const site = await popup;
    const builder = site.frameLocator(".gb-frame");
    await expect(builder.getByRole("button", { name: "Pick element" })).toBeVisible();
    expect(site.url()).toBe(address);

    // The server offered this window's session live content (this spec's or the demo's own, whichever
    // its queue puts first): it is the admin's visitor session, which the server cannot tell apart…
    const session = await storedGleapId(site);
    expect(session).not.toBe("");
    await expect.poll(async () => (await offered(session)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // …and the page's own script and the address ask for more.
    await site.evaluate(() => {
      const gleap = (window as unknown as HostWindow).Gleap;
      gleap.showModal?.({ outbound: "host-modal", data: { title: "From the page" } });
      gleap.showBanner?.({ outbound: "host-banner", data: { title: "From the page" } });
      gleap.showNotification?.({ outbound: "host-note", data: { text: "From the page" } });
      gleap.startProductTour?.("host-tour");
    });
    const pinged = pageViewPinged(site, `gleap_survey=s-${run}`);
    const offers = await watchOffers(site);
    await site.goto(`${address}&gleap_survey=s-${run}&gleap_tour_delay=0`);
    await expect(builder.getByRole("button", { name: "Pick element" })).toBeVisible();
    // A page view later the server has had every chance to offer the rest: the page view's ping is
    // answered and its offers have reached the page's surfaces (the address's own asks came at boot).
    await pinged;
    await expect.poll(() => offers()).toBeGreaterThan(0);

    for (const shown of [modal(site), banner(site), notification(site), tourStep(site)])
      await expect(shown).toHaveCount(0);
    expect(chunks.filter((chunk) => chunk.page === site).map((chunk) => chunk.url)).toEqual([]);

    // At a point the launcher and the bar share, the bar is what the pointer hits: the launcher is
    // under it. Then the page puts its own topmost layer there: the bar is still on top.
    const pointOnBoth = await site.evaluate(() => {
      const root = document.getElementById("gleap-widget-root")?.shadowRoot;
      const bar = root?.querySelector(".gb-bar")?.getBoundingClientRect();
      const launcher = root?.querySelector(".launcher")?.getBoundingClientRect();
      if (!bar || !launcher) return null;
      const top = Math.max(launcher.top, bar.top);
      const bottom = Math.min(launcher.bottom, bar.bottom);
      return bottom > top ? { x: launcher.left + launcher.width / 2, y: (top + bottom) / 2 } : null;
    });
    expect(pointOnBoth).not.toBeNull();
    const hitAt = () =>
      site.evaluate(({ x, y }) => {
        const host = document.getElementById("gleap-widget-root");
        const hit = host?.shadowRoot?.elementFromPoint(x, y);
        // The page sees the widget's root element; inside it, the bar's frame or the launcher.
        return {
          page: document.elementFromPoint(x, y)?.id,
          widget: hit?.closest(".gb-bar") ? "bar" : hit?.closest(".launcher") ? "launcher" : hit?.tagName,
        };
      }, pointOnBoth ?? { x: 0, y: 0 });
    expect(await hitAt()).toEqual({ page: "gleap-widget-root", widget: "bar" });
    await site.evaluate(() => {
      const cover = document.createElement("div");
      cover.id = "page-cover";
      cover.style.cssText =
        "position:fixed;left:0;right:0;bottom:0;height:120px;z-index:2147483647;background:rgba(255,0,0,.2)";
      document.body.append(cover);
    });
    expect(await hitAt()).toEqual({ page: "gleap-widget-root", widget: "bar" });

    // "Pick element" takes the click (Playwright checks nothing else would receive it).
    await builder.getByRole("button", { name: "Pick element" }).click();
    await expect(builder.getByText("Click an element on the page to select it.")).toBeVisible();
  } finally {
    for (const id of Object.values(live)) await request.delete(`${outbounds}/${id}`, { headers });
  }
});
