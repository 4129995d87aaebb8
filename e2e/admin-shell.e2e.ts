import { expect, type Page } from "@playwright/test";
import { currentTotp } from "../src/server/auth/totp.ts";
import { demoRow, selectRows } from "./support/database.ts";
import { altchaEnv } from "./support/e2e-servers.ts";
import { test } from "./support/spec-test.ts";

async function useEnglish(page: Page) {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("locale", "en-US"));
}

async function signIn(page: Page, login: string, password: string) {
  await page.goto("/login");
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill(password);
  await page.locator("button[type=submit]").click();
}

test("the demo admin signs in and sees the dashboard counts", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, "admin@example.com", "admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const users = page.getByTestId("stat-users");
  await expect(users).toContainText("Users");
  await expect(users).toContainText(/\d{1,3}(,\d{3})*/);
  await expect(page.getByTestId("stat-jobs")).toContainText("200");
  // The chart of open reports by reason, and the latest admin actions in words.
  const chart = page.getByRole("region", { name: /Open reports by reason/ });
  await expect(chart.getByTestId("reason-DISLIKE")).toContainText("Dislike");
  // Which actions come first depends on the specs that ran before; each row reads as words.
  const feed = page.getByRole("region", { name: "Recent admin activity" }).getByRole("listitem");
  await expect(feed.first()).toHaveText(
    /^\S+ (created|edited|deleted|banned|enabled|adjusted the coins of|set a task ban on|lifted a task ban on|rejected|deleted the task of|blocked the reporter of|blocked the creator of|assigned|replied to|approved|renewed the secret of|changed the availability of|drafted in the builder|published|unpublished|discarded a draft of|changed) (a|an|the) [a-z]/,
  );
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const link of ["Dashboard", "Users", "Jobs", "Skill Tree", "Reported Tasks", "Challenge categories"]) {
    await expect(nav.getByRole("link", { name: link })).toBeVisible();
  }
});

test("hovering a navigation link fetches its screen before the click", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, "admin@example.com", "admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Jobs" }).hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  // The screen's chunk pulls its imports in after it. The prefetch is an `import()` of that chunk, done
  // once the chunk and everything it imports are loaded; importing the files requested so far from the
  // page shares those loads (the page's module map holds each address once), so it settles with them.
  // When it has and nothing new was requested meanwhile, the prefetch has fetched all it will.
  await expect
    .poll(async () => {
      const known = scripts.length;
      const addresses = scripts.map((path) => new URL(path, page.url()).href);
      await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))), addresses);
      return scripts.length === known;
    })
    .toBe(true);
  const before = scripts.length;
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  // The click found the screen's code, and every chunk it imports, already there.
  expect(scripts.slice(before)).toEqual([]);
});

test("German is the default; switching to English persists over a reload", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin-Anmeldung");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("en-US");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("signing out clears the session and returns to /", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, "admin@example.com", "admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Morph Admin");
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  // The guard now sends dashboard visits to the sign-in page.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-out visit to a dashboard route goes to /login, and signing in returns there", async ({
  page,
}) => {
  const [report] = await selectRows<{ id: string }>("SELECT id FROM reports ORDER BY created_at LIMIT 1");
  if (!report) throw new Error("the demo data has no report");
  await useEnglish(page);
  await page.goto(`/dashboard/reports/${report.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fdashboard%2Freports%2F${report.id}$`));
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  // A failed attempt leaves an error toast; the successful one clears it.
  await page.locator("input[name=login]").fill("admin@example.com");
  await page.locator("input[name=password]").fill("wrong");
  await page.locator("button[type=submit]").click();
  await expect(page.getByText("Invalid credentials")).toBeVisible();
  await page.locator("input[name=password]").fill("admin");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports/${report.id}$`));
  await expect(page.getByText("Invalid credentials")).toBeHidden();
});

test("a next address outside the dashboard is ignored", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, "admin@example.com", "admin");
  // Off the dashboard first: its live parts (alert counts, staff socket) may renew the access token,
  // and a token put back would send /login straight on to the dashboard.
  await page.goto("/healthz");
  await page.evaluate(() => localStorage.removeItem("accessToken"));
  await page.goto("/login?next=%2F%2Fevil.example%2Fdashboard");
  await page.locator("input[name=login]").fill("admin@example.com");
  await page.locator("input[name=password]").fill("admin");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown route shows Page not found: {path}", async ({ page }) => {
  await useEnglish(page);
  await page.goto("/nothing/here");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /nothing/here");
});

test("a USER account is told it may not use the dashboard", async ({ page }) => {
  const row = await demoRow<{ email: string }>(
    "verified USER",
    "SELECT email FROM users WHERE role = 'USER' AND enabled = TRUE AND email_verified = TRUE LIMIT 1",
  );
  await useEnglish(page);
  await signIn(page, row.email, "password");
  await expect(page.getByText("You are not authorized to use this dashboard.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
});

test("invalid forms and wrong passwords are explained", async ({ page }) => {
  await useEnglish(page);
  await page.goto("/login");
  await page.locator("button[type=submit]").click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in form correctly.");
  await signIn(page, "admin@example.com", "wrong-password");
  await expect(page.getByTestId("toast")).toContainText("Invalid credentials");
});

test("an admin with MFA signs in with the 6-digit code from the authenticator", async ({ page }) => {
  const [admin] = await selectRows<{ email: string; mfa_secret: string }>(
    "SELECT email, mfa_secret FROM users WHERE role = 'ADMIN' AND mfa_enabled AND enabled AND email_verified AND email IS NOT NULL ORDER BY email LIMIT 1",
  );
  if (!admin) throw new Error("the demo data has no admin with MFA");
  await useEnglish(page);
  // Demo accounts share the password "password" (src/server/demo-data).
  await signIn(page, admin.email, "password");
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  const code = page.locator("input[name=code]");

  // Anything but six digits is refused in the browser.
  await code.fill("12345");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid code format");
  await expect(page).toHaveURL(/\/login$/);

  // Six digits that are not the current code: the server says so.
  const current = currentTotp(admin.mfa_secret);
  const wrong = current === "000000" ? "111111" : "000000";
  await code.fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("toast")).toContainText("Invalid code");

  await code.fill(currentTotp(admin.mfa_secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("with ALTCHA on (the default), the sign-in solves the proof of work without a click", async ({
  page,
}) => {
  const base = `http://localhost:${altchaEnv.PORT}`;
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/"))
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`${base}/login`);
  await page.locator("input[name=login]").fill("admin@example.com");
  await page.locator("input[name=password]").fill("admin");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(`${base}/dashboard`, { timeout: 15_000 });
  expect(calls).toContain("GET /api/auth/captcha");
  // The token the form sent was a solved challenge: the server accepted it (a missing or wrong one is "captcha failed").
  expect(calls.filter((call) => call === "POST /api/auth/login")).toHaveLength(1);
});
