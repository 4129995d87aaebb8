import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { adminRoutePatterns, screenOf } from "./support/admin-route-table.ts";
import { demoProjectId, selectRows } from "./support/database.ts";
import { waitForQuietNetwork, watchNetwork } from "./support/network-quiet.ts";
import { adminMessageIds, rawKeyFinder } from "./support/raw-message-keys.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

// Every request of the test counts towards "quiet", from the first navigation on.
test.beforeEach(({ page }) => {
  watchNetwork(page);
});

// No screen shows a raw translation key (`jobForm.cancel` did on the project form,
// whose area does not load the jobs' texts), in English or German. The walk reads the route tables
// and the catalogues when it runs and opens every screen they declare, each by a fresh page load, as
// a bookmark would (a screen reached from another area could borrow that area's texts and hide a key
// its own area lacks). Detail screens are reached through the links of the screens before them.
// The widget projects' screens are checked at 390 px too: no sideways scrolling.

type Locale = "en-US" | "de";

const patterns = adminRoutePatterns();
const rawKeys = rawKeyFinder(adminMessageIds());

/**
 * The demo data has no feedback report; the inbox's report screen needs one, filed as the SDK does.
 * An open one: the inbox lists open reports first, and an earlier spec may have moved all others on.
 */
async function ensureFeedbackReport(request: APIRequestContext) {
  const project = await demoProjectId();
  const open = "SELECT id FROM feedback_reports WHERE project_id = $1 AND status = 'OPEN' LIMIT 1";
  if ((await selectRows(open, project)).length > 0) return;
  await fileBugReport(request, await demoSessionHeaders(request), {
    type: "BUG",
    priority: "MEDIUM",
    formData: { description: "The export button does nothing", reportedBy: "ada@example.com" },
    metaData: { currentUrl: "https://acme.test/notes/42" },
  });
}

/**
 * The invitation page (`/invite/{token}`) is reached only through a link in a mail: a fresh
 * invitation's link (shown to the inviter, as no mail server runs here) opens its form.
 */
async function invitationPath(request: APIRequestContext, locale: Locale): Promise<string> {
  const invited = await request.post("/api/invitations", {
    headers: await adminHeaders(request),
    data: { email: `texts-${locale}-${Date.now().toString(36)}@example.com`, role: "agent" },
  });
  expect(invited.status()).toBe(201);
  return new URL(((await invited.json()) as { link: string }).link).pathname;
}

/** Waits until the screen shows its data: its heading there, nothing busy. */
async function settle(page: Page, path: string) {
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expect(page.locator("[aria-busy=true]"), path).toHaveCount(0);
}

/**
 * Every text the screen shows or says, and where its links lead: rendered text, the labels of a
 * list's options, placeholders, names for assistive technology, the tab's title. Not tooltips: some
 * hold the system's own names on purpose (an audit action such as "user.ban" beside its words).
 */
function readScreen(page: Page): Promise<{ texts: string[]; links: string[] }> {
  return page.evaluate(() => {
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      // Code (the install snippet, selectors) is shown as it is, not as words.
      if (
        !text ||
        !parent ||
        parent.closest("script, style, template, noscript, textarea, code, pre, kbd, samp")
      ) {
        continue;
      }
      // An option shows when its list opens; any other text only where it is rendered.
      if (parent.closest("option, optgroup") || parent.checkVisibility()) texts.push(text);
    }
    const named = document.querySelectorAll("[placeholder], [aria-label], [alt], optgroup[label]");
    for (const element of named) {
      for (const attribute of ["placeholder", "aria-label", "alt", "label"]) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .map((link) => new URL(link.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname);
    return { texts, links };
  });
}

/** The paths that open without a record: each pattern with its optional parts left out. */
function startPaths(signedIn: boolean): string[] {
  return patterns.flatMap(({ pattern }) => {
    if (pattern.startsWith("/dashboard") !== signedIn) return [];
    const segments = pattern.split("/").filter((segment) => !segment.endsWith("?"));
    return segments.some((segment) => segment.startsWith(":")) ? [] : [segments.join("/") || "/"];
  });
}

/**
 * Opens every screen once (a screen being a pattern with the values that pick another screen, such
 * as a kind of content), from the paths without records and then the links each screen shows, and
 * answers the raw keys it found and which paths it opened for which pattern. Links outside `within`
 * are not followed (signed out, the dashboard's screens would only send to the sign-in).
 */
async function walkScreens(page: Page, starts: string[], within: (path: string) => boolean) {
  const findings = new Set<string>();
  const opened = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const offer = (path: string) => {
    const screen = screenOf(patterns, path);
    if (!screen || seen.has(screen.key)) return;
    seen.add(screen.key);
    queue.push(path);
    opened.set(screen.pattern.pattern, [...(opened.get(screen.pattern.pattern) ?? []), path]);
  };
  for (const start of starts) offer(start);
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    await page.goto(path);
    await settle(page, path);
    // A list's rows (and so its links) arrive after its heading.
    await waitForQuietNetwork(page);
    const { texts, links } = await readScreen(page);
    for (const text of texts) {
      for (const key of rawKeys(text)) findings.add(`${path}: ${key} (in “${text.slice(0, 80)}”)`);
    }
    for (const link of links) if (within(link)) offer(link);
  }
  return { findings: [...findings], opened };
}

/** Elements that stick out past the right edge of the screen, widest first, for the failure message. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>("body *")]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 6)
      .map(
        ({ element, right }) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} to ${Math.round(right)} px`,
      );
  });
}

for (const locale of ["en-US", "de"] as const satisfies readonly Locale[]) {
  test(`every admin screen speaks without raw keys, ${locale}; the projects' screens fit 390 px`, async ({
    page,
    request,
  }) => {
    // A crawl of every screen in two viewports: about a minute alone, up to two and a half with three
    // workers sharing two cores.
    test.setTimeout(240_000);
    await ensureFeedbackReport(request);

    // Signed out: the landing page and the sign-in form, in the language chosen.
    await page.goto("/");
    await page.evaluate((value) => localStorage.setItem("locale", value), locale);
    const inDashboard = (path: string) => path.startsWith("/dashboard");
    const signedOut = [...startPaths(false), await invitationPath(request, locale)];
    const before = await walkScreens(page, signedOut, (path) => !inDashboard(path));

    await signInAsAdmin(page, locale);
    const after = await walkScreens(page, startPaths(true), inDashboard);

    expect([...before.findings, ...after.findings], "raw translation keys on screens").toEqual([]);
    // Every pattern of the tables was opened: a screen no link leads to needs a record to show.
    const unopened = patterns
      .map(({ pattern }) => pattern)
      .filter((pattern) => !before.opened.has(pattern) && !after.opened.has(pattern));
    expect(unopened, "route patterns no walked screen linked to").toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const projectScreens = [...after.opened]
      .filter(([pattern]) => pattern.startsWith("/dashboard/projects"))
      .flatMap(([, paths]) => paths);
    expect(projectScreens.length).toBeGreaterThanOrEqual(3);
    for (const path of projectScreens) {
      await page.goto(path);
      await settle(page, path);
      const scroll = await page.evaluate(() => {
        const root = document.scrollingElement as Element;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      expect(
        scroll.scrollWidth,
        `${path} at 390 px: ${(await overflowing(page)).join(", ")}`,
      ).toBeLessThanOrEqual(scroll.clientWidth);
    }
  });
}
