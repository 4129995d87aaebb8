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

/** What a host page of a spec holds around the SDK's snippet. */
export interface SnippetHostPage {
  /** The page's language; left out for a page in none in particular. */
  lang?: string;
  title: string;
  /** More of the head before the snippet: a viewport, the page's styles. */
  head?: string;
  /** The snippet's script, with whatever the test runs around it. */
  script: string;
  body: string;
}

/** A host page's markup: the snippet's script last in the head, as a host pastes it. */
export const snippetHostPage = ({ lang, title, head = "", script, body }: SnippetHostPage) =>
  `<!doctype html><html${lang ? ` lang="${lang}"` : ""}><head><meta charset="utf-8"><title>${title}</title>
    ${head}<script>${script}</script></head>
    <body>${body}</body></html>`;
