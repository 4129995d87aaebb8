import { type BrowserContext, expect, type Page } from "@playwright/test";
import { e2eEnv } from "./e2e-servers.ts";

/** The two origins of the e2e server: the host pages and the API, and the messenger frames. */
export const mainOrigin = `http://localhost:${e2eEnv.PORT}`;
export const messengerOrigin = `http://localhost:${e2eEnv.MESSENGER_PORT}`;

/** `/demo` as a visitor sees it first: the cookie banner, accepted; then the SDK starts. */
export async function openDemo(page: Page) {
  await page.goto("/demo");
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.locator("#widget-status")).toHaveAttribute("data-state", "ready");
}

/** Gives the visitor's cookie consent on `url` (the main origin by default) for every page of `context`. */
export async function giveCookieConsent(context: BrowserContext, url = mainOrigin) {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url }]);
}

/**
 * Serves `html` at `path` of the main origin for this page (a host page only the test knows), with
 * the visitor's cookie consent already given.
 */
export async function serveHostPage(page: Page, context: BrowserContext, path: string, html: string) {
  await giveCookieConsent(context);
  await page.route(`**${path}`, (route) => route.fulfill({ contentType: "text/html", body: html }));
}
