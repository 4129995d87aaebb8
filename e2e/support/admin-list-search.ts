import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Searches an admin list from its search box as a person does (typed, then Enter), waits for the
 * address to carry the search and for one row (`rowTestId`) to be left; answers the list's rows.
 */
export async function searchDownToOne(
  page: Page,
  searchbox: string,
  text: string,
  rowTestId: string,
): Promise<Locator> {
  await page.getByRole("searchbox", { name: searchbox }).fill(text);
  await page.getByRole("searchbox", { name: searchbox }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByTestId(rowTestId);
  await expect(rows).toHaveCount(1);
  return rows;
}
