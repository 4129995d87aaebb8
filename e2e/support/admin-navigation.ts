import { expect, type Locator, type Page } from "@playwright/test";

/** The sidebar's first links, to the job platform's own screens: an admin sees them, an agent does not. */
export const platformLinks = ["Dashboard", "Users", "Jobs", "Companies", "Skill Tree", "Reported Tasks"];

/** The dashboard's sidebar. */
export function mainNavigation(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/**
 * Opens an area from the sidebar and, unless `heading` is null, waits for its page heading (the link's
 * own text by default).
 */
export async function openFromSidebar(
  page: Page,
  link: string,
  { heading = link, exact = false }: { heading?: string | null; exact?: boolean } = {},
): Promise<void> {
  await mainNavigation(page).getByRole("link", { name: link, exact }).click();
  if (heading !== null) await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}
