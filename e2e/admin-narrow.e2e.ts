import { expect, type Page } from "@playwright/test";
import { platformLinks } from "./support/admin-navigation.ts";
import { demoProjectId } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

// A phone-sized screen (a menu drawer, lists without sideways scrolling, 44 px
// tap targets) and the dark colour scheme with its toggle.

test.use({ viewport: { width: 390, height: 844 } });

const entries = [
  ...platformLinks,
  "Challenges",
  "Challenge categories",
  // These two may carry the count of what waits for the admin, which other specs leave.
  /^Feedback inbox(\d+\+?\d* waiting for you)?$/,
  "Outbound content",
  "Help center",
  "Bots",
  /^Conversations(\d+\+?\d* waiting for you)?$/,
  "Saved replies",
  "Feature requests",
  "Widget projects",
  "Team",
];

test("the menu button opens a drawer with every entry; Escape, the backdrop and a link close it", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const menu = page.getByRole("button", { name: "Open navigation" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  // No sidebar strip cut off after three entries: the links are in the drawer only.
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

  await menu.click();
  const drawer = page.getByRole("dialog", { name: "Main navigation" });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const links = drawer.getByRole("navigation", { name: "Main navigation" }).getByRole("link");
  await expect(links).toHaveText(entries);
  // More entries than a phone's height: the drawer scrolls to each one.
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  await expect(drawer.getByRole("button", { name: "Sign out" })).toBeVisible();

  // Focus stays inside while it is open.
  for (let step = 0; step < entries.length + 4; step++) {
    await page.keyboard.press("Tab");
    expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // A click beside the panel, on the backdrop.
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(370, 400);
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // A link: the page changes and the drawer goes.
  await menu.click();
  await drawer.getByRole("link", { name: "Jobs" }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
});

/** Buttons, links and selects that are shown and shorter than a finger (44 px), by their names. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      ".menu-button",
      ".page-header a",
      ".page-header button",
      ".list-toolbar button",
      ".list-toolbar a",
      ".list-toolbar select",
      ".list-toolbar input",
      ".data-table thead button",
      ".pagination button",
      ".pagination select",
      ".row-actions a",
      ".row-actions button",
    ].join(", ");
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map(
        (element) =>
          `${element.tagName} "${element.getAttribute("aria-label") ?? element.textContent?.trim()}" ${Math.round(element.getBoundingClientRect().height)}px`,
      );
  });
}

for (const list of [
  { path: "/dashboard/users", heading: "Users", row: "user-row" },
  { path: "/dashboard/jobs", heading: "Jobs", row: "job-row" },
  { path: "/dashboard/reported-tasks", heading: "Reported Tasks", row: "report-row" },
  { path: "/dashboard/challenge-categories", heading: "Challenge categories", row: "category-row" },
]) {
  test(`${list.heading}: cards without sideways scrolling, 44 px tap targets`, async ({ page }) => {
    await signInAsAdmin(page, "en-US", list.path);
    await expect(page.getByRole("heading", { name: list.heading, level: 1 })).toBeVisible();
    const rows = page.getByTestId(list.row);
    await expect(rows.first()).toBeVisible();

    const scroll = await page.evaluate(() => {
      const root = document.scrollingElement as Element;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    // Every row is a card inside the screen, its values labelled.
    for (const row of (await rows.all()).slice(0, 5)) {
      const box = await row.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    const labelled = rows.first().locator("td[data-label]").first();
    expect(await labelled.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe(
      `"${await labelled.getAttribute("data-label")}"`,
    );

    expect(await smallTargets(page)).toEqual([]);
    // The sort headers are still there, as buttons.
    await expect(page.locator(".data-table thead button").first()).toBeVisible();
  });
}

test("the pages on a phone: « ‹ and the neighbours of the current page › »", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/users?page=6");
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("button", { name: "Page 6", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pager.locator(".page-button")).toHaveText(["«", "‹", "5", "6", "7", "›", "»"]);
  const box = await pager.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // A click on a loaded two-core machine has once gone nowhere (the URL stayed on page 6): clicked
  // again while the button is still there to click, so only a pager that never turns the page fails.
  const lastPage = pager.getByRole("button", { name: "Last page" });
  await expect(async () => {
    if (await lastPage.isEnabled()) await lastPage.click({ timeout: 3000 });
    await expect(page).toHaveURL(/[?&]page=\d{2}$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
});

test("a project's save bar on a phone: its status keeps whole words, beside the button or under it", async ({
  page,
}) => {
  const path = `/dashboard/projects/${await demoProjectId()}`;
  for (const [language, button, status] of [
    ["en-US", "Save settings", "No unsaved changes"],
    ["de", "Einstellungen speichern", "Keine ungespeicherten Änderungen"],
  ] as const) {
    await signInAsAdmin(page, language, path);
    const bar = page.locator(".settings-save-bar");
    await expect(bar.getByRole("button", { name: button })).toBeVisible();
    const line = bar.getByText(status);
    await expect(line).toBeVisible();
    // One line: a status squeezed beside the button broke inside its words ("ungespei|cherten").
    const { height, lineHeight } = await line.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThan(lineHeight * 1.5);
  }
});

/** The page's background colour as relative luminance (0 black … 1 white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const color = getComputedStyle(document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  });

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the page is dark; the toggle switches to light and back, and is kept over a reload", async ({
    page,
  }) => {
    await signInAsAdmin(page, "en-US", "/dashboard/users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    const scheme = page.getByRole("group", { name: "Colour scheme" });
    await expect(scheme.getByRole("button", { name: "System: Dark" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    // The text on it is light.
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector("h1") as Element).color),
    ).not.toBe("rgb(22, 26, 46)");

    await scheme.getByRole("button", { name: "Light", exact: true }).click();
    await expect(scheme.getByRole("button", { name: "Light", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);

    await page.reload();
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    await expect(scheme.getByRole("button", { name: "Light", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await scheme.getByRole("button", { name: "Dark", exact: true }).click();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    await scheme.getByRole("button", { name: /^System/ }).click();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
  });

  test("a stored choice applies on the sign-in page too, before the app's first frame", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      localStorage.setItem("locale", "en-US");
      localStorage.setItem("theme", "light");
    });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    await expect(
      page.getByRole("group", { name: "Colour scheme" }).getByRole("button", { name: "Light", exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
  });
});

test("a stored dark choice is applied before the app's script runs, so the page never flashes light", async ({
  page,
}) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  // Without the app: only the page's own head script can have set the theme.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
  expect(r + g + b).toBeLessThan(200);
});
