import type { Page } from "@playwright/test";

/**
 * Holds back the page's requests to `url` (every frame's) until the answered `release` is called, as a
 * slow network would: what the page shows while they are on their way can then be checked.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
