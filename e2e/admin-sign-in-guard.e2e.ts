import { expect } from "@playwright/test";
import { altchaEnv } from "./support/e2e-servers.ts";
import { test } from "./support/spec-test.ts";

/**
 * Ten wrong passwords used to lock an account, the right one included. Now an account past
 * its failure limit (5 in 15 minutes) asks for a proof of work of its own and answers more slowly;
 * the sign-in page solves it when the server asks, says so, and the owner gets in.
 */
test("after many wrong passwords the sign-in page solves the account's own captcha and the owner gets in", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const base = `http://localhost:${altchaEnv.PORT}`;
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/auth/")) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.setItem("locale", "en-US"));
  await page.reload();
  const login = page.locator("input[name=login]");
  const password = page.locator("input[name=password]");
  const submit = page.locator("button[type=submit]");
  await login.fill("admin@example.com");
  for (let attempt = 0; attempt < 5; attempt++) {
    await password.fill(`not-the-password-${attempt}`);
    await submit.click();
    await expect(page.getByTestId("toast")).toContainText("Invalid credentials");
    await expect(submit).toBeEnabled();
  }
  expect(calls.filter((call) => call.startsWith("GET /api/auth/captcha?login="))).toHaveLength(0);

  await password.fill("admin");
  await submit.click();
  await expect(page.getByTestId("login-verifying")).toContainText("checking that you are human");
  await expect(page).toHaveURL(`${base}/dashboard`, { timeout: 30_000 });
  expect(calls).toContain(`GET /api/auth/captcha?login=${encodeURIComponent("admin@example.com")}`);
  // The ordinary token was refused once (captchaRequired), the account's own one signed in.
  expect(calls.filter((call) => call === "POST /api/auth/login")).toHaveLength(7);
});
