import type { Page, Response } from "@playwright/test";

type OfferWindow = Window & {
  offeredOutbounds?: string[];
  Gleap: { on(name: string, callback: (data?: unknown) => void): void };
};

/**
 * Notes the outbound of every action the server's `update` pushes bring the SDK on this page (its
 * `outbound-actions` event, which comes before the actions go to their surfaces), on the page as it is
 * and on every page it loads next. On a page still to load the listener is queued on the snippet's stub
 * as soon as the snippet makes it (the loader takes the queued listener over), so the offers of the
 * page view's first ping, whose answer may come before any later script runs, are seen too. Answers how
 * often the SDK has been offered `outboundId` so far, or anything at all without one.
 *
 * A surface takes its action in the same task, once the microtasks after the event have run: when a
 * later evaluation sees the offer, the surface has shown it or left it alone.
 */
export async function watchOffers(page: Page): Promise<(outboundId?: string) => Promise<number>> {
  // Both run in the page, where functions of this file do not exist: each records by itself.
  await page.addInitScript(() => {
    const offered: string[] = [];
    (window as unknown as OfferWindow).offeredOutbounds = offered;
    let gleap: OfferWindow["Gleap"] | undefined;
    let listening = false;
    Object.defineProperty(window, "Gleap", {
      configurable: true,
      enumerable: true,
      get: () => gleap,
      set(next: OfferWindow["Gleap"]) {
        gleap = next;
        if (listening) return;
        listening = true;
        // After the snippet's own script has put its methods on the stub.
        void Promise.resolve().then(() =>
          next.on("outbound-actions", (actions) => {
            if (Array.isArray(actions))
              for (const action of actions)
                offered.push(String((action as { outbound?: unknown })?.outbound));
          }),
        );
      },
    });
  });
  await page.evaluate(() => {
    const host = window as unknown as OfferWindow;
    if (!host.Gleap) return;
    const offered: string[] = [];
    host.offeredOutbounds = offered;
    host.Gleap.on("outbound-actions", (actions) => {
      if (Array.isArray(actions))
        for (const action of actions) offered.push(String((action as { outbound?: unknown })?.outbound));
    });
  });
  return (outboundId) =>
    page.evaluate(
      (id) =>
        ((window as unknown as OfferWindow).offeredOutbounds ?? []).filter(
          (seen) => id === null || seen === id,
        ).length,
      outboundId ?? null,
    );
}

/**
 * The answer to the widget's ping that carries the page view of an address containing `addressPart`
 * (the SDK notes a new address within a second and streams its events every 2.5 s); the server has
 * sent the session its offers for that page before it answers.
 */
export function pageViewPinged(page: Page, addressPart: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/widget/sessions/ping") &&
      (response.request().postData() ?? "").includes(addressPart),
  );
}
