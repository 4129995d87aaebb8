import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { axeViolations, violationLines } from "./support/axe.ts";
import { selectRows } from "./support/database.ts";
import { waitForQuietNetwork, watchNetwork } from "./support/network-quiet.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

// Every request of the test counts towards "quiet", from the first navigation on.
test.beforeEach(({ page }) => {
  watchNetwork(page);
});

// Every admin screen passes axe-core's WCAG 2.0/2.1 A and AA rules in both languages
// (in the light and the dark scheme); each screen names itself in the tab's title; a skip link leads
// past the navigation; after an in-app navigation the focus is on the new screen's heading.

type Locale = "en-US" | "de";
const locales = ["en-US", "de"] as const satisfies readonly Locale[];

/** The id of the first row `sql` selects from the demo data. */
async function one(sql: string, ...params: string[]): Promise<string> {
  const [row] = await selectRows<{ id: string }>(sql, ...params);
  if (!row) throw new Error(`no demo row for: ${sql}`);
  return row.id;
}

/** Records of the full demo data to open; read once, none of them is changed by these tests. */
async function demoIds() {
  const [subSkill] = await selectRows<{ id: string; root_id: string }>(
    "SELECT id, root_id FROM sub_skills ORDER BY root_id, name LIMIT 1",
  );
  if (!subSkill) throw new Error("the demo data has no sub-skill");
  return {
    user: await one("SELECT id FROM users WHERE role = 'USER' AND enabled ORDER BY name LIMIT 1"),
    job: await one("SELECT id FROM jobs ORDER BY title LIMIT 1"),
    company: await one("SELECT id FROM companies ORDER BY name LIMIT 1"),
    challenge: await one("SELECT id FROM challenges ORDER BY title LIMIT 1"),
    category: await one("SELECT id FROM challenge_categories ORDER BY title LIMIT 1"),
    root: subSkill.root_id,
    subSkill: subSkill.id,
    openReport: await one(
      "SELECT id FROM reports WHERE resolved_at IS NULL ORDER BY created_at DESC LIMIT 1",
    ),
    resolvedReport: await one(
      "SELECT id FROM reports WHERE resolved_at IS NOT NULL ORDER BY created_at DESC LIMIT 1",
    ),
  };
}
type Ids = Awaited<ReturnType<typeof demoIds>>;

/**
 * The widget side's records: the demo project with its conversation, banner and survey, and two feedback
 * reports (the demo data has none), filed through the widget API as the SDK does, the first time only.
 */
async function widgetIds(request: APIRequestContext) {
  const project = await one("SELECT id FROM widget_projects WHERE sdk_key = 'demo'");
  const filed = async () =>
    (await selectRows("SELECT id FROM feedback_reports WHERE project_id = $1 AND status = 'OPEN'", project))
      .length;
  for (let count = await filed(); count < 2; count++) {
    await fileBugReport(request, await demoSessionHeaders(request), {
      type: "BUG",
      priority: count === 0 ? "HIGH" : "LOW",
      formData: { description: `Export to PDF fails (a11y ${count + 1})`, reportedBy: "ada@example.com" },
      metaData: { currentUrl: "https://acme.test/notes/42" },
      customData: { plan: "Pro" },
      consoleLog: [{ log: "Export failed: 500", priority: "ERROR", date: new Date().toISOString() }],
      screenshotData: {
        html: "<!DOCTYPE html><p>Notes</p>",
        baseUrl: "https://acme.test/",
        width: 800,
        height: 600,
      },
    });
  }
  return {
    project,
    report: await one(
      "SELECT id FROM feedback_reports WHERE project_id = $1 ORDER BY created_at LIMIT 1",
      project,
    ),
    conversation: await one(
      "SELECT id FROM conversations WHERE project_id = $1 ORDER BY created_at LIMIT 1",
      project,
    ),
    banner: await one(
      "SELECT id FROM widget_outbounds WHERE project_id = $1 AND type = 'banner' ORDER BY created_at LIMIT 1",
      project,
    ),
    survey: await one("SELECT id FROM surveys WHERE project_id = $1 ORDER BY created_at LIMIT 1", project),
  };
}
type WidgetIds = Awaited<ReturnType<typeof widgetIds>>;

/** Waits until the screen shows its data: its heading, nothing busy, the network quiet. */
async function settle(page: Page, screen: string) {
  await expect(page.getByRole("heading", { level: 1 }), screen).toBeVisible();
  await expect(page.locator("[aria-busy=true]"), screen).toHaveCount(0);
  await waitForQuietNetwork(page);
  // Every screen names itself in the tab's title (the landing page is the product itself).
  await expect(page, screen).toHaveTitle(/^Morph Admin$|^\S.* · Morph Admin$/);
}

/** axe's findings on the page as it is now, one readable entry per rule and element. */
async function axeFindings(page: Page, screen: string): Promise<string[]> {
  // A report's snapshot is the visitor's page in a frame that may run no script, where axe cannot run.
  const violations = await axeViolations(page, { exclude: ["[data-testid=snapshot-frame]"] });
  return violationLines(violations, screen);
}

/** Fails with every finding listed, so one run shows all that is left to fix. */
function expectNoFindings(findings: string[]) {
  expect(findings, `axe found ${findings.length} violation(s):\n\n${findings.join("\n\n")}`).toEqual([]);
}

/** Switches the page's colour scheme and waits for the colour transitions it starts to end. */
async function switchScheme(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme });
  const applied = await page.evaluate(async (scheme) => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    return matchMedia(`(prefers-color-scheme: ${scheme})`).matches;
  }, colorScheme);
  expect(applied, `the page follows the ${colorScheme} scheme`).toBe(true);
}

/**
 * axe's findings on the page as it is now in the light scheme, then, in English, in the dark one on the
 * same document: the screen's colours follow the media query as it changes, and axe already in the page
 * runs again (a second run on a document costs a fraction of the first). The dark run checks the
 * dashboard's own document; the frames it holds were checked in the light run. The colours do not
 * depend on the language, so the German pass checks the light scheme only (the dark runs were a third
 * of these tests' time).
 */
async function axeFindingsOf(page: Page, screen: string, locale: Locale): Promise<string[]> {
  const findings = await axeFindings(page, screen);
  if (locale !== "en-US") return findings;
  await switchScheme(page, "dark");
  const dark = await axeViolations(page, { exclude: ["[data-testid=snapshot-frame]"], frames: false });
  await switchScheme(page, "light");
  findings.push(...violationLines(dark, `${screen} (dark)`));
  return findings;
}

/**
 * Opens each path as a bookmark would and checks it (axeFindingsOf); the path the page shows already
 * (signed in straight to it) is not loaded twice.
 */
async function scanPaths(page: Page, paths: readonly string[], locale: Locale): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    const shown = new URL(page.url());
    if (`${shown.pathname}${shown.search}` !== path) await page.goto(path);
    await settle(page, path);
    findings.push(...(await axeFindingsOf(page, path, locale)));
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

/** The widget side's screens by area. */
const widgetAreas: Record<string, (ids: WidgetIds) => string[]> = {
  inbox: (ids) => ["/dashboard/inbox", `/dashboard/inbox/${ids.report}`],
  conversations: (ids) => [
    "/dashboard/conversations",
    `/dashboard/conversations/${ids.project}/${ids.conversation}`,
  ],
  projects: (ids) => ["/dashboard/projects", `/dashboard/projects/${ids.project}`],
  content: (ids) => [
    `/dashboard/content/${ids.project}/banners`,
    `/dashboard/content/${ids.project}/banners/${ids.banner}/edit`,
    `/dashboard/content/${ids.project}/surveys/${ids.survey}/results`,
  ],
};

for (const locale of locales) {
  test.describe(`axe, ${locale}`, () => {
    test("landing, sign-in, the MFA step and the 404 page", async ({ page }) => {
      await chooseLocale(page, locale);
      const findings = await scanPaths(page, ["/", "/login", "/no-such-page"], locale);

      // The second step of an admin with MFA (demo accounts share the password "password").
      const [admin] = await selectRows<{ email: string }>(
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
        const screens = paths(await demoIds());
        await signInAsAdmin(page, locale, screens[0]);
        expectNoFindings(await scanPaths(page, screens, locale));
      });
    }

    for (const [area, paths] of Object.entries(widgetAreas)) {
      test(`${area} screens`, async ({ page, request }) => {
        const screens = paths(await widgetIds(request));
        await signInAsAdmin(page, locale, screens[0]);
        expectNoFindings(await scanPaths(page, screens, locale));
      });
    }

    test("a confirmation dialog and a form's error messages", async ({ page }) => {
      const ids = await demoIds();
      await signInAsAdmin(page, locale);
      const findings: string[] = [];

      await page.goto(`/dashboard/jobs/${ids.job}`);
      await settle(page, "job");
      await page.locator(".page-actions .button-danger").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      findings.push(...(await axeFindingsOf(page, "job delete dialog", locale)));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      await page.goto(`/dashboard/challenges/${ids.challenge}`);
      await settle(page, "challenge");
      await page.locator(".page-actions .button-danger").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      findings.push(...(await axeFindingsOf(page, "challenge delete dialog", locale)));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      // A refused submit: the form's summary, each field's message, the toast.
      await page.goto("/dashboard/jobs/create");
      await settle(page, "job create");
      // Pressed again when no field turned invalid: a click that lands while the long form still
      // shifts after its scroll into view can miss the button (seen once in a few hundred runs), and
      // the subject here is what the refused form shows, not the press (admin-forms covers that).
      await expect(async () => {
        await page.locator("form button[type=submit]").click();
        await expect(page.locator("[aria-invalid=true]").first()).toBeVisible({ timeout: 2_000 });
      }).toPass();
      findings.push(...(await axeFindingsOf(page, "job create, refused", locale)));
      expectNoFindings(findings);
    });

    test.describe("narrow screen", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("the menu drawer open, and a list as cards", async ({ page }) => {
        await signInAsAdmin(page, locale, "/dashboard/users");
        const findings = await scanPaths(page, ["/dashboard/users"], locale);
        await page.locator(".menu-button").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        findings.push(...(await axeFindingsOf(page, "menu drawer", locale)));
        expectNoFindings(findings);
      });
    });
  });
}

/**
 * A dashboard screen's title, after the count of what waits for the admin that every dashboard screen
 * puts in front ("(3) Users · Morph Admin"); how many wait depends on the other specs.
 */
const dashboardTitle = (title: string) =>
  new RegExp(`^(?:\\(\\d+\\+?\\) )?${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

test.describe("titles", () => {
  test("each screen names itself in the tab's title, in English and in German", async ({ page }) => {
    const ids = await demoIds();
    const [job] = await selectRows<{ title: string }>("SELECT title FROM jobs WHERE id = $1", ids.job);
    await chooseLocale(page, "en-US");
    await expect(page).toHaveTitle("Morph Admin");
    await page.goto("/login");
    await expect(page).toHaveTitle("Admin Login · Morph Admin");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle("Page Not Found · Morph Admin");

    await signInAsAdmin(page, "en-US");
    await expect(page).toHaveTitle(dashboardTitle("Dashboard · Morph Admin"));
    await page.goto("/dashboard/users");
    await expect(page).toHaveTitle(dashboardTitle("Users · Morph Admin"));
    await page.goto("/dashboard/jobs/create");
    await expect(page).toHaveTitle(dashboardTitle("Create Job · Morph Admin"));
    await page.goto(`/dashboard/jobs/${ids.job}/edit`);
    await expect(page).toHaveTitle(dashboardTitle(`${job?.title} · Edit Job · Morph Admin`));

    // A language change renames the screen at once; a navigation names the next one.
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveTitle(dashboardTitle(`${job?.title} · Job bearbeiten · Morph Admin`));
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Nutzer" })
      .click();
    await expect(page).toHaveTitle(dashboardTitle("Nutzer · Morph Admin"));
    await page.goto("/dashboard/reported-tasks");
    await expect(page).toHaveTitle(dashboardTitle("Gemeldete Aufgaben · Morph Admin"));
    await page.goto("/dashboard/no-such-screen");
    await expect(page).toHaveTitle(dashboardTitle("Seite nicht gefunden · Morph Admin"));
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard/);
    // Off the dashboard before signing out by hand: its live parts could write a renewed token back.
    await page.goto("/healthz");
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
      await signInAsAdmin(page, locale, "/dashboard/users");
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

  test("the inbox's bulk selection works from the keyboard and keeps the focus in the list", async ({
    page,
    request,
  }) => {
    await widgetIds(request);
    await signInAsAdmin(page, "en-US", "/dashboard/inbox");
    await settle(page, "/dashboard/inbox");
    const selectAll = page.getByRole("checkbox", { name: "Select every report on this page" });
    const boxes = page.getByTestId("inbox-row").getByRole("checkbox");
    const bar = page.getByRole("region", { name: /reports? selected$/ });

    // Space selects a row; the bar comes just before the table, so Shift+Tab reaches it; Clear
    // selection leaves the focus on the select-all box, not on the page.
    await boxes.first().focus();
    await page.keyboard.press("Space");
    await expect(bar).toHaveAccessibleName("1 report selected");
    await selectAll.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(bar.getByRole("button", { name: "Clear selection" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(bar).toBeHidden();
    await expect(boxes.first()).not.toBeChecked();
    await expect(selectAll).toBeFocused();

    // Select all, then the status change: Escape closes its confirmation onto the button that opened
    // it; confirmed, the reports leave this (open) view and the focus stays on the screen.
    await page.keyboard.press("Space");
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await bar.getByRole("combobox", { name: "Set status" }).selectOption("IN_PROGRESS");
    const apply = bar.getByRole("button", { name: "Change status" });
    await apply.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Change status" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(apply).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(bar).toBeHidden();
    await expect(page.getByTestId("inbox-row")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("a conversation opened from the list takes the focus", async ({ page, request }) => {
    const { project } = await widgetIds(request);
    await signInAsAdmin(page, "en-US", `/dashboard/conversations/${project}`);
    await settle(page, "conversations");
    await page.getByTestId("conversation-row").first().focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { level: 2 }).and(page.locator("#conversation-subject")),
    ).toBeFocused();
  });

  test("the content editor's publish confirmation works from the keyboard", async ({ page, request }) => {
    const { project } = await widgetIds(request);
    const headers = await adminHeaders(request);
    const created = await request.post(`/api/projects/${project}/outbounds`, {
      headers,
      data: {
        type: "banner",
        name: `A11y banner ${Date.now().toString(36)}`,
        config: { format: "normal", title: "Keyboard", body: "<p>Only for this test.</p>" },
        pageFilter: "/no-page-has-this",
        pageFilterType: "contains",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      await signInAsAdmin(page, "en-US", `/dashboard/content/${project}/banners/${id}/edit`);
      await settle(page, "banner editor");
      const publish = page.getByRole("button", { name: "Publish", exact: true });
      await publish.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAccessibleName(/^Publish “A11y banner/);
      await expect(dialog.getByRole("button", { name: "Publish" })).toBeFocused();
      // Tab stays inside the dialog; Escape cancels and gives the focus back.
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Publish" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("content-status")).toHaveText("Draft");
      await expect(publish).toBeFocused();
      // Enter confirms: the button becomes Unpublish and keeps the focus.
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("button", { name: "Publish" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("content-status")).toHaveText("Live");
      await expect(page.getByRole("button", { name: "Unpublish", exact: true })).toBeFocused();
    } finally {
      await request.delete(`/api/projects/${project}/outbounds/${id}`, { headers });
    }
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
