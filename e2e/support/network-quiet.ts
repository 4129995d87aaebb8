import type { Page, Request } from "@playwright/test";

/**
 * Waits until `page` has no request in flight and none has started for `quietMs`: what a screen needs
 * to have shown its data, without Playwright's `networkidle` and its fixed 500 ms of silence. Sockets
 * are not requests, so an open staff socket does not keep it waiting.
 *
 * The page is watched from the first call on; call `watchNetwork(page)` before the first navigation so
 * that the requests of that load count too.
 */
interface NetworkWatch {
  inFlight: Set<Request>;
  lastChange: number;
}

const watches = new WeakMap<Page, NetworkWatch>();

export function watchNetwork(page: Page): NetworkWatch {
  const known = watches.get(page);
  if (known) return known;
  const watch: NetworkWatch = { inFlight: new Set(), lastChange: Date.now() };
  const settled = (request: Request) => {
    watch.inFlight.delete(request);
    watch.lastChange = Date.now();
  };
  page.on("request", (request) => {
    watch.inFlight.add(request);
    watch.lastChange = Date.now();
  });
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  watches.set(page, watch);
  return watch;
}

export async function waitForQuietNetwork(
  page: Page,
  { quietMs = 100, timeoutMs = 15_000 } = {},
): Promise<void> {
  const watch = watchNetwork(page);
  const deadline = Date.now() + timeoutMs;
  while (watch.inFlight.size > 0 || Date.now() - watch.lastChange < quietMs) {
    if (Date.now() > deadline) {
      const open = [...watch.inFlight].map((request) => request.url()).join(", ");
      throw new Error(`the network did not go quiet within ${timeoutMs} ms; in flight: ${open || "none"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
