import { expect, type Page } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { altchaEnv } from "./support/e2e-servers.ts";
import { serveFramingPage } from "./support/framing-page.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Collects every Content-Security-Policy violation of a page, across its full page loads: the
 * `securitypolicyviolation` events (an init script records them on `window` and reports them to the
 * test) and the browser's console errors about the policy.
 */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    const recorded: string[] = [];
    Object.assign(window, { cspViolations: recorded });
    document.addEventListener("securitypolicyviolation", (event) => {
      const text = `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`;
      recorded.push(text);
      (window as unknown as { reportCspViolation?: (text: string) => void }).reportCspViolation?.(text);
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Waits until the screen's heading shows, its lazy chunks came and the loading bar is done. */
async function expectScreen(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByTestId("loading-bar")).toHaveCSS("opacity", "0");
}

/** The screens to visit: by their sidebar links, then by their addresses as full page loads. */
interface ScreenVisits {
  /** Sidebar link names, each also the heading of the screen it leads to. */
  sidebar: string[];
  /** Whether a link's name must match exactly. */
  exact?: boolean;
  /** The origin the addresses are on (the page's own by default). */
  origin?: string;
  addresses: Array<[path: string, heading: string | RegExp]>;
}

/** Visits the screens through the sidebar (client-side navigation, lazy chunks) and through full loads. */
async function visitScreens(page: Page, visits: ScreenVisits) {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of visits.sidebar) {
    await nav.getByRole("link", visits.exact ? { name, exact: true } : { name }).click();
    await expectScreen(page, name);
  }
  for (const [path, heading] of visits.addresses) {
    await page.goto(`${visits.origin ?? ""}${path}`);
    await expectScreen(page, heading);
  }
}

test("a page on another origin cannot show the admin in a frame", async ({ page, baseURL }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => consoleErrors.push(message.text()));
  await serveFramingPage(page, "http://framer.test/host", {
    demo: `${baseURL}/demo`,
    admin: `${baseURL}/login`,
  });
  const adminRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/admin-main-/.test(request.url())) adminRequests.push(request.url());
  });
  await page.goto("http://framer.test/host");

  // The same host may frame a page that allows it (the demo host page), so framing itself works here…
  await expect(page.frameLocator("iframe[name=demo]").locator("#page-title")).toBeVisible();
  // …but the admin's frame stays empty: the browser refused it, so its app never even loaded.
  await expect.poll(() => consoleErrors.some((text) => /frame-ancestors/.test(text))).toBe(true);
  const admin = page.frame({ name: "admin" });
  expect(admin).not.toBeNull();
  expect(admin?.url()).not.toContain("/login");
  await expect(page.frameLocator("iframe[name=admin]").locator("input[name=login]")).toHaveCount(0);
  expect(adminRequests).toEqual([]);
});

test("the ALTCHA sign-in runs under the admin's policy without a single violation", async ({ page }) => {
  const violations = await recordCspViolations(page);
  const base = `http://localhost:${altchaEnv.PORT}`;
  const login = await page.goto(`${base}/login`);
  const policy = login?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'nonce-");
  expect(policy).toContain("frame-ancestors 'none'");
  await page.evaluate(() => localStorage.setItem("locale", "en-US"));
  await page.reload();
  await page.locator("input[name=login]").fill("admin@example.com");
  await page.locator("input[name=password]").fill("admin");
  const captcha = page.waitForResponse((response) => response.url().endsWith("/api/auth/captcha"));
  await page.locator("button[type=submit]").click();
  expect((await captcha).status()).toBe(200);
  await expect(page).toHaveURL(`${base}/dashboard`, { timeout: 15_000 });
  await expectScreen(page, "Dashboard");

  await visitScreens(page, {
    sidebar: ["Users", "Jobs", "Challenges", "Skill Tree", "Reported Tasks"],
    origin: base,
    addresses: [
      ["/dashboard/users", "Users"],
      ["/dashboard/jobs/create", "Create Job"],
      ["/dashboard/challenge-categories", "Challenge categories"],
      ["/dashboard/skill-tree", "Skill Tree"],
      ["/dashboard/reported-tasks", "Reported Tasks"],
    ],
  });
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});

test("the dashboard screens with the full demo data break no rule of the policy", async ({ page }) => {
  const violations = await recordCspViolations(page);
  await signInAsAdmin(page);
  await expectScreen(page, "Dashboard");
  const [user] = await selectRows<{ id: string; name: string }>(
    "SELECT id, name FROM users WHERE role = 'USER' ORDER BY name LIMIT 1",
  );
  const [report] = await selectRows<{ id: string }>("SELECT id FROM reports ORDER BY id LIMIT 1");
  const [job] = await selectRows<{ id: string }>("SELECT id FROM jobs ORDER BY id LIMIT 1");
  if (!user || !report || !job) throw new Error("the demo data is missing a user, report or job");

  await visitScreens(page, {
    sidebar: [
      "Users",
      "Jobs",
      "Challenges",
      "Challenge categories",
      "Skill Tree",
      "Reported Tasks",
      "Dashboard",
    ],
    exact: true,
    addresses: [
      [`/dashboard/users/${user.id}`, user.name],
      [`/dashboard/jobs/${job.id}/edit`, "Edit Job"],
      ["/dashboard/companies", "Companies"],
      ["/dashboard/skill-tree/programming-basics/manage", "Programming Basics"],
      [`/dashboard/reported-tasks/${report.id}`, /./],
      ["/dashboard/no-such-screen", /./],
    ],
  });
  expect(violations).toEqual([]);
});

test("the recorder is not blind: markup injected into the admin cannot run script, and it is reported", async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  await page.goto("/login");
  await expect(page.locator("input[name=login]")).toBeVisible();
  // What an injection through HTML would look like: an inline event handler.
  await page.evaluate(() => {
    const holder = document.createElement("div");
    holder.innerHTML = `<img src="/no-such-image.png" onerror="window.injectedRan = true">`;
    document.body.append(holder);
  });
  await expect
    .poll(() => violations.some((text) => text.startsWith("script-src-attr blocked inline")))
    .toBe(true);
  expect(
    await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan),
  ).toBeUndefined();
});
