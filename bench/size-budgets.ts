import type { Page } from "@playwright/test";
import type { BuildManifest } from "../src/shared/build-manifest.ts";
import { snippetHostPage } from "./host-page.ts";

/**
 * The size budgets and how a browser measures them, shared by `bench/size.ts` (which prints them for a
 * scratch build) and `e2e/size-budgets.e2e.ts` (which fails `npm test` when one is passed):
 *   - the eager SDK loader: at most 10 KB brotli (what the first paint does not need is in its late
 *     file and the lazy chunks);
 *   - the admin sign-in route (`/login`, ALTCHA on, as shipped): at most 100 KB brotli of every script
 *     and stylesheet the browser requests;
 *   - the messenger's first screen: every script the messenger frame requests from its origin until its
 *     home screen is up and the network is quiet (the socket's lazy chunk included): at most 80 KB
 *     brotli of JavaScript.
 */
export const loaderBudget = 10 * 1024;
export const signInBudget = 100 * 1024;
export const messengerBudget = 80 * 1024;

export interface RouteSize {
  raw: number;
  brotli: number;
  files: number;
}

/** Scripts and stylesheets requested on `origin`, as build-relative paths. */
export function routeAssets(requests: readonly string[], origin: string, pattern = /\.(js|css)$/): string[] {
  return [
    ...new Set(
      requests
        .filter((url) => url.startsWith(origin))
        .map((url) => new URL(url).pathname)
        .filter((path) => pattern.test(path)),
    ),
  ];
}

/** The build's sizes of `paths` (as the manifest lists them for that origin), added up. */
export function routeSize(
  manifest: BuildManifest,
  paths: readonly string[],
  origin: "main" | "messenger",
): RouteSize {
  const sizes = new Map(
    manifest.files.filter((file) => file.origin === origin).map((file) => [file.path, file]),
  );
  return paths.reduce(
    (sum, path) => {
      const file = sizes.get(path);
      if (!file) throw new Error(`the browser fetched ${path}, which the build did not write`);
      return { raw: sum.raw + file.bytes, brotli: sum.brotli + file.brotli, files: sum.files + 1 };
    },
    { raw: 0, brotli: 0, files: 0 },
  );
}

/** What a browser fetches for the admin's sign-in route on `origin`, once the page is quiet. */
export async function signInRouteAssets(page: Page, origin: string): Promise<string[]> {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(`${origin}/login`);
  await page.locator("input[name=login]").waitFor();
  // The ALTCHA solver chunk is fetched as soon as the form shows; wait for the page to go quiet.
  await page.waitForLoadState("networkidle");
  return routeAssets(requests, origin);
}

/**
 * The scripts and stylesheets the messenger frame fetches from `messengerOrigin` until its home screen
 * shows, for a visitor of a host page with the snippet on `mainUrl` (consent given) who opens it.
 * Use a fresh browser context: nothing may come from the cache.
 */
export async function messengerFirstScreenAssets(
  page: Page,
  mainUrl: string,
  messengerOrigin: string,
): Promise<{ scripts: string[]; styles: string[] }> {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.context().addCookies([{ name: "agreedToCookiePolicy", value: "true", url: mainUrl }]);
  await page.route("**/bench-host", (route) =>
    route.fulfill({ contentType: "text/html", body: snippetHostPage("Host") }),
  );
  await page.goto(`${mainUrl}/bench-host`);
  await page.waitForFunction(() => (window as unknown as { gleapReady?: boolean }).gleapReady === true);
  await page.evaluate(() => (window as unknown as { Gleap: { open(): void } }).Gleap.open());
  await page.frameLocator("iframe.frame-window").locator("[data-home-action]").first().waitFor();
  await page.waitForLoadState("networkidle");
  return {
    scripts: routeAssets(requests, messengerOrigin, /\.js$/),
    styles: routeAssets(requests, messengerOrigin, /\.css$/),
  };
}
