import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";

// Issue 11 item 8: every admin screen passes axe-core's WCAG 2.0/2.1 A and AA rules in both languages
// (and the lists in the dark scheme); each screen names itself in the tab's title; a skip link leads
// past the navigation; after an in-app navigation the focus is on the new screen's heading.

type Locale = "en-US" | "de";
const locales = ["en-US", "de"] as const satisfies readonly Locale[];

/** WCAG 2.0 and 2.1, levels A and AA. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Records of the full demo data to open; read once, none of them is changed by these tests. */
function demoIds() {
  const one = (sql: string) => {
    const [row] = selectRows<{ id: string }>(sql);
    if (!row) throw new Error(`no demo row for: ${sql}`);
    return row.id;
  };
  const [subSkill] = selectRows<{ id: string; root_id: string }>(
    "SELECT id, root_id FROM sub_skills ORDER BY root_id, name LIMIT 1",
  );
  if (!subSkill) throw new Error("the demo data has no sub-skill");
  return {
    user: one("SELECT id FROM users WHERE role = 'USER' AND enabled ORDER BY name LIMIT 1"),
    job: one("SELECT id FROM jobs ORDER BY title LIMIT 1"),
    company: one("SELECT id FROM companies ORDER BY name LIMIT 1"),
    challenge: one("SELECT id FROM challenges ORDER BY title LIMIT 1"),
    category: one("SELECT id FROM challenge_categories ORDER BY title LIMIT 1"),
    root: subSkill.root_id,
    subSkill: subSkill.id,
    openReport: one("SELECT id FROM reports WHERE resolved_at IS NULL ORDER BY created_at DESC LIMIT 1"),
    resolvedReport: one(
      "SELECT id FROM reports WHERE resolved_at IS NOT NULL ORDER BY created_at DESC LIMIT 1",
    ),
  };
}
type Ids = ReturnType<typeof demoIds>;

/** Waits until the screen shows its data: its heading, nothing busy, the network quiet. */
async function settle(page: Page, screen: string) {
  await expect(page.getByRole("heading", { level: 1 }), screen).toBeVisible();
  await expect(page.locator("[aria-busy=true]"), screen).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  // Every screen names itself in the tab's title (the landing page is the product itself).
  await expect(page, screen).toHaveTitle(/^Morph Admin$|^\S.* · Morph Admin$/);
}

/** axe's findings on the page as it is now, one readable entry per rule and element. */
async function axeFindings(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `${screen}: ${violation.id} (${violation.impact ?? "?"}): ${violation.help}`,
        `  at ${node.target.join(" ")}`,
        `  ${(node.failureSummary ?? "").replaceAll("\n", "\n  ")}`,
      ].join("\n"),
    ),
  );
}

/** Fails with every finding listed, so one run shows all that is left to fix. */
function expectNoFindings(findings: string[]) {
  expect(findings, `axe found ${findings.length} violation(s):\n\n${findings.join("\n\n")}`).toEqual([]);
}

async function scanPaths(page: Page, paths: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page, path);
    findings.push(...(await axeFindings(page, path)));
  }
  return findings;
}

async function chooseLocale(page: Page, locale: Locale) {
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("locale", value), locale);
}

/** The dashboard's screens by area: a test each, so a failure names its area. */
const areas: Record<string, (ids: Ids) => string[]> = {
  home: () => ["/dashboard", "/dashboard/no-such-screen"],
  users: (ids) => ["/dashboard/users", `/dashboard/users/${ids.user}`],
  jobs: (ids) => [
    "/dashboard/jobs",
    `/dashboard/jobs/${ids.job}`,
    "/dashboard/jobs/create",
    `/dashboard/jobs/${ids.job}/edit`,
  ],
  companies: (ids) => [
    "/dashboard/companies",
    `/dashboard/companies/${ids.company}`,
    "/dashboard/companies/create",
    `/dashboard/companies/${ids.company}/edit`,
  ],
  challenges: (ids) => [
    "/dashboard/challenges",
    `/dashboard/challenges/${ids.challenge}`,
    "/dashboard/challenges/create",
    `/dashboard/challenges/${ids.challenge}/edit`,
  ],
  categories: (ids) => [
    "/dashboard/challenge-categories",
    "/dashboard/challenge-categories/create",
    `/dashboard/challenge-categories/${ids.category}/edit`,
  ],
  "skill tree": (ids) => [
    "/dashboard/skill-tree",
    "/dashboard/skill-tree/create",
    `/dashboard/skill-tree/${ids.root}/manage`,
    `/dashboard/skill-tree/${ids.root}/edit`,
    `/dashboard/skill-tree/${ids.root}/sub-skills`,
    `/dashboard/skill-tree/${ids.root}/edit/${ids.subSkill}`,
  ],
  reports: (ids) => [
    "/dashboard/reported-tasks",
    `/dashboard/reported-tasks/${ids.openReport}`,
    `/dashboard/reported-tasks/${ids.resolvedReport}`,
  ],
};

/** The main lists, checked again in the dark scheme. */
const mainLists = [
  "/dashboard",
  "/dashboard/users",
  "/dashboard/jobs",
  "/dashboard/companies",
  "/dashboard/challenges",
  "/dashboard/challenge-categories",
  "/dashboard/skill-tree",
  "/dashboard/reported-tasks",
];

for (const locale of locales) {
  test.describe(`axe, ${locale}`, () => {
    test("landing, sign-in, the MFA step and the 404 page", async ({ page }) => {
      await chooseLocale(page, locale);
      const findings = await scanPaths(page, ["/", "/login", "/no-such-page"]);

      // The second step of an admin with MFA (demo accounts share the password "password").
      const [admin] = selectRows<{ email: string }>(
        "SELECT email FROM users WHERE role = 'ADMIN' AND mfa_enabled AND enabled AND email_verified AND email IS NOT NULL ORDER BY email LIMIT 1",
      );
      if (!admin) throw new Error("the demo data has no admin with MFA");
      await page.goto("/login");
      await page.locator("input[name=login]").fill(admin.email);
      await page.locator("input[name=password]").fill("password");
      await page.locator("button[type=submit]").click();
      await expect(page.locator("input[name=code]")).toBeVisible();
      findings.push(...(await axeFindings(page, "/login (MFA step)")));
      expectNoFindings(findings);
    });

    for (const [area, paths] of Object.entries(areas)) {
      test(`${area} screens`, async ({ page }) => {
        test.setTimeout(90_000);
        const ids = demoIds();
        await signInAsAdmin(page, locale);
        expectNoFindings(await scanPaths(page, paths(ids)));
      });
    }

    test("a confirmation dialog and a form's error messages", async ({ page }) => {
      const ids = demoIds();
      await signInAsAdmin(page, locale);
      const findings: string[] = [];

      await page.goto(`/dashboard/jobs/${ids.job}`);
      await settle(page, "job");
      await page.locator(".page-actions .button-danger").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      findings.push(...(await axeFindings(page, "job delete dialog")));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // A refused submit: the form's summary, each field's message, the toast.
      await page.goto("/dashboard/jobs/create");
      await settle(page, "job create");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      findings.push(...(await axeFindings(page, "job create, refused")));
      expectNoFindings(findings);
    });

    test.describe("narrow screen", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("the menu drawer open, and a list as cards", async ({ page }) => {
        await signInAsAdmin(page, locale);
        const findings = await scanPaths(page, ["/dashboard/users"]);
        await page.locator(".menu-button").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        findings.push(...(await axeFindings(page, "menu drawer")));
        expectNoFindings(findings);
      });
    });

    test.describe("dark scheme", () => {
      test.use({ colorScheme: "dark" });

      test("the main lists, a record and a form", async ({ page }) => {
        test.setTimeout(90_000);
        const ids = demoIds();
        await signInAsAdmin(page, locale);
        const findings = await scanPaths(page, [
          ...mainLists,
          `/dashboard/users/${ids.user}`,
          `/dashboard/reported-tasks/${ids.openReport}`,
          `/dashboard/jobs/${ids.job}/edit`,
        ]);
        await page.goto(`/dashboard/challenges/${ids.challenge}`);
        await settle(page, "challenge");
        await page.locator(".page-actions .button-danger").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        findings.push(...(await axeFindings(page, "challenge delete dialog")));
        expectNoFindings(findings);
      });

      test.describe("narrow", () => {
        test.use({ viewport: { width: 390, height: 844 } });

        test("the menu drawer open", async ({ page }) => {
          await signInAsAdmin(page, locale);
          await page.goto("/dashboard/jobs");
          await settle(page, "/dashboard/jobs");
          await page.locator(".menu-button").click();
          await expect(page.getByRole("dialog")).toBeVisible();
          expectNoFindings(await axeFindings(page, "menu drawer (dark)"));
        });
      });
    });
  });
}

test.describe("titles", () => {
  test("each screen names itself in the tab's title, in English and in German", async ({ page }) => {
    const ids = demoIds();
    const [job] = selectRows<{ title: string }>("SELECT title FROM jobs WHERE id = $1", ids.job);
    await chooseLocale(page, "en-US");
    await expect(page).toHaveTitle("Morph Admin");
    await page.goto("/login");
    await expect(page).toHaveTitle("Admin Login · Morph Admin");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle("Page Not Found · Morph Admin");

    await signInAsAdmin(page, "en-US");
    await expect(page).toHaveTitle("Dashboard · Morph Admin");
    await page.goto("/dashboard/users");
    await expect(page).toHaveTitle("Users · Morph Admin");
    await page.goto("/dashboard/jobs/create");
    await expect(page).toHaveTitle("Create Job · Morph Admin");
    await page.goto(`/dashboard/jobs/${ids.job}/edit`);
    await expect(page).toHaveTitle(`${job?.title} · Edit Job · Morph Admin`);

    // A language change renames the screen at once; a navigation names the next one.
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveTitle(`${job?.title} · Job bearbeiten · Morph Admin`);
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Nutzer" })
      .click();
    await expect(page).toHaveTitle("Nutzer · Morph Admin");
    await page.goto("/dashboard/reported-tasks");
    await expect(page).toHaveTitle("Gemeldete Aufgaben · Morph Admin");
    await page.goto("/dashboard/no-such-screen");
    await expect(page).toHaveTitle("Seite nicht gefunden · Morph Admin");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard/);
    await page.evaluate(() => localStorage.clear());
    await page.goto("/login");
    await expect(page).toHaveTitle("Admin-Anmeldung · Morph Admin");
  });
});

test.describe("keyboard and screen reader", () => {
  for (const [locale, skip] of [
    ["en-US", "Skip to main content"],
    ["de", "Zum Inhalt springen"],
  ] as const) {
    test(`the skip link is the first stop and moves the focus to the main region (${locale})`, async ({
      page,
    }) => {
      await signInAsAdmin(page, locale);
      await page.goto("/dashboard/users");
      await settle(page, "/dashboard/users");
      await page.keyboard.press("Tab");
      const link = page.getByRole("link", { name: skip });
      await expect(link).toBeFocused();
      await expect(link).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      // No "#main" in the address, and the next Tab is inside the screen, past the navigation.
      await expect(page).toHaveURL(/\/dashboard\/users$/);
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
      ).toBe(true);
    });
  }

  test("a navigation focuses the new screen's heading; a search, a filter or a page does not", async ({
    page,
  }) => {
    await signInAsAdmin(page, "en-US");
    // A page load leaves the focus at the start of the document.
    await page.goto("/dashboard/users");
    await settle(page, "/dashboard/users");
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Jobs" }).click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Jobs");
    await expect(heading).toBeFocused();

    // Typing a search: the address follows, the focus stays in the box.
    const search = page.getByRole("searchbox", { name: "Search jobs" });
    await search.fill("dev");
    await expect(page).toHaveURL(/\?q=dev/);
    await settle(page, "jobs, searched");
    await expect(search).toBeFocused();
    await search.fill("");
    await expect(page).toHaveURL(/\/dashboard\/jobs$/);

    // A filter.
    const type = page.getByRole("combobox", { name: "Job type" });
    await type.focus();
    await type.selectOption("FULL_TIME");
    await expect(page).toHaveURL(/type=FULL_TIME/);
    await settle(page, "jobs, filtered");
    await expect(type).toBeFocused();

    // Another page of the list.
    const next = page.getByRole("button", { name: "Next page" });
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await settle(page, "jobs, page 2");
    await expect(heading).not.toBeFocused();

    // A row opens its record: the heading arrives with the record, and takes the focus then.
    await page.locator("tbody a").first().click();
    await expect(page).toHaveURL(/\/dashboard\/jobs\/[^/?]+$/);
    await settle(page, "job");
    await expect(heading).toBeFocused();

    // Back to the list (the browser's Back is a navigation too).
    await page.goBack();
    await expect(heading).toHaveText("Jobs");
    await expect(heading).toBeFocused();
  });

  test.describe("narrow screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a link in the menu drawer focuses the new screen's heading", async ({ page }) => {
      await signInAsAdmin(page, "en-US");
      await page.getByRole("button", { name: "Open navigation" }).click();
      const drawer = page.getByRole("dialog", { name: "Main navigation" });
      await drawer.getByRole("link", { name: "Companies" }).click();
      await expect(drawer).toBeHidden();
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText("Companies");
      await expect(heading).toBeFocused();
    });
  });
});
