import { expect } from "@playwright/test";
import { e2eEnv } from "./support/e2e-servers.ts";
import { test } from "./support/spec-test.ts";

// The admin app defaults to German (spec §9); these checks read the English texts.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "en-US"));
});

test("the landing page leads to the admin sign-in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Morph Admin");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Please enter your credentials")).toBeVisible();
});

test("the sign-in form refuses an empty submit", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in form correctly.");
});

test("an unknown route shows the 404 text", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no/such/page");
});

test("the messenger origin serves its placeholder at /", async ({ page }) => {
  await page.goto(`http://localhost:${e2eEnv.MESSENGER_PORT}/`);
  await expect(page.getByRole("heading", { name: "Messenger" })).toBeVisible();
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: { engine: "sqlite", ok: true } });
});
