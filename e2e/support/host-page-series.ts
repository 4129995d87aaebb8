import type { BrowserContext, Page } from "@playwright/test";
import { serveHostPage } from "./host-page.ts";
import { waitForSdkInitialized } from "./sdk-snippet.ts";

/**
 * The host pages of one spec, each served at an address of its own (`/<name>-1`, `/<name>-2`, …), so
 * that no test's page view lands on a route an earlier test of the same page left behind.
 */
export function hostPageSeries(name: string) {
  let served = 0;
  const serve = async (page: Page, context: BrowserContext, html: string) => {
    const path = `/${name}-${++served}`;
    await serveHostPage(page, context, path, html);
    return path;
  };
  return {
    /** Serves `html` at the next address of the series; answers the address. */
    serve,
    /** Serves `html` at the next address, opens it and waits until its SDK is initialized; answers the address. */
    async open(page: Page, context: BrowserContext, html: string) {
      const path = await serve(page, context, html);
      await page.goto(path);
      await waitForSdkInitialized(page);
      return path;
    },
  };
}
