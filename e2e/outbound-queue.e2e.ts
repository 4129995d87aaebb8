import { expect } from "@playwright/test";
import { demoProjectIdAsAdmin } from "./support/admin-api.ts";
import { selectRows, writeRows } from "./support/database.ts";
import { giveCookieConsent, serveHostPage } from "./support/host-page.ts";
import { bannerFrame, modalFrame } from "./support/outbound-surfaces.ts";
import { sdkSnippet } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { pageViewPinged, watchOffers } from "./support/widget-offers.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";
import { storedGleapId } from "./support/widget-session.ts";

/**
 * In a real browser: what a visitor was offered but never saw is offered again, the next of a
 * slot shows when the current one is closed, counts come from the widget's acknowledgements
 * (`widget_outbound_deliveries.shown_at`), and a modal and a tour never share the page.
 */

const run = Date.now().toString(36);
const projects = createWidgetProjects("queue");
const createdOutbounds: string[] = [];

test.afterAll(async () => {
  await projects.removeAll();
  if (createdOutbounds.length > 0)
    await writeRows(
      createdOutbounds.map((id) => ({ query: "DELETE FROM widget_outbounds WHERE id = $1", params: [id] })),
    );
});

interface DeliveryRow {
  outbound_id: string;
  shown_at: string | null;
  closed_at: string | null;
}

async function deliveriesOf(sessionId: string, outboundIds: string[]): Promise<DeliveryRow[]> {
  const rows = await selectRows<DeliveryRow>(
    "SELECT outbound_id, shown_at, closed_at FROM widget_outbound_deliveries WHERE session_id = $1",
    sessionId,
  );
  return outboundIds.map(
    (id) =>
      rows.find((row) => row.outbound_id === id) ?? { outbound_id: id, shown_at: null, closed_at: null },
  );
}

test("/demo: two banners published in a row reach the open page in order, each counted when shown", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { headers, projectId } = await demoProjectIdAsAdmin(request);
  const base = `/api/projects/${projectId}/outbounds`;
  /** A banner for this test's address only, ahead of the demo's own banner (priority). */
  const banner = async (title: string) => {
    const created = await request.post(base, {
      headers,
      data: {
        type: "banner",
        name: title,
        config: { format: "normal", title, body: `<p>${title} body</p>` },
        pageFilter: `queue=${run}`,
        pageFilterType: "contains",
        priority: 10,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    createdOutbounds.push(id);
    return id;
  };
  const publish = async (id: string) =>
    expect((await request.post(`${base}/${id}/publish`, { headers })).status()).toBe(200);

  const first = await banner("First banner");
  await publish(first);
  await giveCookieConsent(context);
  await page.goto(`/demo?queue=${run}`);
  await expect(bannerFrame(page).getByText("First banner", { exact: true })).toBeVisible({ timeout: 15_000 });
  const session = await storedGleapId(page);
  const offers = await watchOffers(page);

  // Published while the first shows: the live path offers it, the page keeps it waiting.
  const second = await banner("Second banner");
  await publish(second);
  await expect
    .poll(
      async () =>
        (await selectRows("SELECT 1 FROM widget_outbound_deliveries WHERE outbound_id = $1", second)).length,
    )
    .toBe(1);
  await expect.poll(() => offers(second)).toBeGreaterThan(0);
  // A page view (single-page navigation) pings: offered again, still waiting behind the first.
  const offeredBefore = await offers(second);
  const pinged = pageViewPinged(page, "view=2");
  await page.evaluate((query) => history.pushState({}, "", `/demo?queue=${query}&view=2`), run);
  await pinged;
  // The ping's offer has reached the page, and the banner surface has had it.
  await expect.poll(() => offers(second)).toBeGreaterThan(offeredBefore);
  await expect(page.locator("#gleap-banner")).toHaveCount(1);
  await expect(bannerFrame(page).getByText("First banner", { exact: true })).toBeVisible();
  expect((await deliveriesOf(session, [first, second])).map((row) => row.shown_at !== null)).toEqual([
    true,
    false,
  ]);

  await bannerFrame(page).getByRole("button", { name: "Close" }).click();
  await expect(bannerFrame(page).getByText("Second banner", { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator("#gleap-banner")).toHaveCount(1);
  await expect
    .poll(async () =>
      (await deliveriesOf(session, [first, second])).map((row) => [
        row.shown_at !== null,
        row.closed_at !== null,
      ]),
    )
    .toEqual([
      [true, true],
      [true, false],
    ]);
  const events = (
    await selectRows<{ outbound_id: string; kind: string }>(
      "SELECT outbound_id, kind FROM widget_outbound_events WHERE session_id = $1 ORDER BY kind",
      session,
    )
  ).filter((row) => row.outbound_id === first || row.outbound_id === second);
  expect(events.map((row) => `${row.outbound_id === first ? "first" : "second"} ${row.kind}`).sort()).toEqual(
    ["first closed", "first shown", "second shown"],
  );
});

test("a host page: a modal and a tour never share the page; the tour starts when the modal is closed", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tourId = crypto.randomUUID();
  const key = await projects.create("modal-tour", {}, [
    {
      type: "modal",
      config: { title: "One thing first", body: "<p>Read me.</p>", showCloseButton: true },
    },
    {
      id: tourId,
      type: "tour",
      config: {
        steps: [{ selector: "#first", title: "The title", message: "<p>Here it is.</p>" }],
        allowClose: true,
      },
    },
  ]);
  const path = `/queue-host-${run}`;
  await serveHostPage(
    page,
    context,
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Queue host</title>
      <script>${sdkSnippet(key)}</script></head>
      <body><main><h1 id="first">Acme Notes</h1><p>A host page for takeovers.</p></main></body></html>`,
  );
  // Samples the page (shadow roots included) and remembers any moment both were on screen.
  await context.addInitScript(() => {
    const state = { overlap: false, modal: false, tour: false };
    (window as unknown as { takeoverState: typeof state }).takeoverState = state;
    const has = (root: Document | ShadowRoot, selector: string): boolean =>
      root.querySelector(selector) !== null ||
      [...root.querySelectorAll("*")].some(
        (element) => element.shadowRoot && has(element.shadowRoot, selector),
      );
    setInterval(() => {
      const modal = has(document, ".gm-wrapper");
      const tour = has(document, ".gtr-popover");
      state.modal ||= modal;
      state.tour ||= tour;
      if (modal && tour) state.overlap = true;
    }, 50);
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);

  await expect(modalFrame(page).getByRole("heading", { name: "One thing first" })).toBeVisible({
    timeout: 15_000,
  });
  // Another page view: the tour is offered again, and waits.
  const offers = await watchOffers(page);
  const offeredBefore = await offers(tourId);
  const tourValidations: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith("/outbound/producttourvalidation")) tourValidations.push(sent.url());
  });
  const pinged = pageViewPinged(page, "view=2");
  await page.evaluate(() => history.pushState({}, "", `${location.pathname}?view=2`));
  await pinged;
  // The ping's offer has reached the page and the tours surface has had it: a tour it started would
  // have asked the server whether it is live (its popover comes after that answer); none did.
  await expect.poll(() => offers(tourId)).toBeGreaterThan(offeredBefore);
  expect(tourValidations).toEqual([]);
  await expect(page.locator(".gtr-popover")).toHaveCount(0);

  // A keyboard user is in the dialog once it has shown (its frame takes the focus), and leaves with Escape.
  await expect
    .poll(() =>
      page.evaluate(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.className;
      }),
    )
    .toBe("gm-frame");
  // Pressed on the dialog's content: the frame's own document takes the key, as a visitor's would.
  // The frame's key listener comes with its first render, which may follow the focus by a frame on a
  // busy machine: a key pressed before it is pressed again.
  // The modal's own wrapper is awaited gone, not every dialog: the tour's popover is a dialog too, and
  // on a busy machine it may come up before a poll sees the page without one.
  await expect(async () => {
    await modalFrame(page).locator("body").press("Escape");
    await expect(page.locator(".gm-wrapper")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const popover = page.locator(".gtr-popover");
  await expect(popover).toBeVisible({ timeout: 15_000 });
  await expect(popover.locator(".gtr-title")).toHaveText("The title");
  // The page's sampler notes the popover at its next tick, which may come after this locator saw it.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { takeoverState: unknown }).takeoverState))
    .toEqual({ overlap: false, modal: true, tour: true });

  // Counted: both shown, the modal closed. The tour's "shown" is sent after its popover is drawn, so
  // it may reach the server a moment after the popover was seen.
  const session = await storedGleapId(page);
  const counted = async () =>
    (
      await selectRows<{ type: string; shown: number; closed: number }>(
        `SELECT o.type, CASE WHEN d.shown_at IS NULL THEN 0 ELSE 1 END AS shown,
          CASE WHEN d.closed_at IS NULL THEN 0 ELSE 1 END AS closed
        FROM widget_outbound_deliveries d JOIN widget_outbounds o ON o.id = d.outbound_id
        WHERE d.session_id = $1 ORDER BY o.type`,
        session,
      )
    ).map((row) => ({ ...row, shown: Number(row.shown), closed: Number(row.closed) }));
  await expect.poll(counted).toEqual([
    { type: "modal", shown: 1, closed: 1 },
    { type: "tour", shown: 1, closed: 0 },
  ]);
  await popover.getByRole("button", { name: "Close the tour" }).click();
  await expect(popover).toHaveCount(0);
  expect(errors).toEqual([]);
});
