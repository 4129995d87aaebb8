import { expect, type Page } from "@playwright/test";

/** Signs the demo admin in through the login form, in `locale`, and waits for the dashboard. */
export async function signInAsAdmin(page: Page, locale: "en-US" | "de" = "en-US"): Promise<void> {
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("locale", value), locale);
  await page.goto("/login");
  await page.locator("input[name=login]").fill("admin@example.com");
  await page.locator("input[name=password]").fill("admin");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
