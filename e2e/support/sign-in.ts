import { expect, type Page } from "@playwright/test";
import type { LoginResult } from "../../src/shared/auth-api.ts";

export type AdminLocale = "en-US" | "de";

/** The demo admin's sign-in, as the seed makes it. */
export const demoAdmin = { login: "admin@example.com", password: "admin" };

/**
 * Signs an account in through the platform API (`POST /api/auth/login`) and hands the result to the
 * dashboard the way its sign-in form does: the four values of session-store.ts and the language in
 * the origin's localStorage. Then opens the dashboard and waits for `home`, where it lands (an agent
 * in the feedback inbox).
 *
 * Every test signs in afresh (one request; test servers hash cheaply). A session shared by the tests
 * of a worker would share its refresh token, and a refresh token used twice ends its session by design
 * (reuse detection), so one test's token renewal would sign the next test out.
 */
export async function signInThroughApi(
  page: Page,
  { login, password }: { login: string; password: string },
  locale: AdminLocale = "en-US",
  home: RegExp = /\/dashboard$/,
): Promise<void> {
  await storeSignIn(page, { login, password }, locale);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(home);
}

/**
 * Signs an account in through the platform API and writes the result where the dashboard's sign-in
 * form would, in the origin's localStorage, from the origin's cheapest document; opens no screen.
 */
async function storeSignIn(
  page: Page,
  { login, password }: { login: string; password: string },
  locale: AdminLocale,
): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { login, password } });
  if (!response.ok()) throw new Error(`sign-in of ${login} through the API failed: ${response.status()}`);
  const result = (await response.json()) as LoginResult;
  // The cheapest document of the origin, to write its localStorage before the dashboard first reads it.
  await page.goto("/healthz");
  await page.evaluate(
    ({ result, locale }) => {
      localStorage.setItem("locale", locale);
      localStorage.setItem("user", JSON.stringify(result.user));
      localStorage.setItem("session", JSON.stringify(result.session));
      localStorage.setItem("accessToken", result.access_token);
      localStorage.setItem("refreshToken", result.refresh_token);
    },
    { result, locale },
  );
}

/**
 * Signs the demo admin in (through the API) in `locale` and waits for the dashboard; with `at`, opens
 * that screen instead, as a bookmark would (one page load of the dashboard instead of two: each costs
 * about half a second of the browser's processor time).
 */
export async function signInAsAdmin(page: Page, locale: AdminLocale = "en-US", at?: string): Promise<void> {
  if (at === undefined) {
    await signInThroughApi(page, demoAdmin, locale);
    return;
  }
  await storeSignIn(page, demoAdmin, locale);
  await page.goto(at);
}
