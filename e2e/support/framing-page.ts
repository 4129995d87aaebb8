import type { Page } from "@playwright/test";

/**
 * Serves at `url`, for this page, a page of another site that does nothing but frame others: one
 * iframe for each entry of `frames`, with the entry's name as its name and title.
 */
export async function serveFramingPage(page: Page, url: string, frames: Record<string, string>) {
  const iframes = Object.entries(frames).map(
    ([name, src]) => `<iframe name="${name}" src="${src}" title="${name}"></iframe>`,
  );
  await page.route(url, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><body>\n${iframes.join("\n")}\n</body></html>`,
    }),
  );
}
