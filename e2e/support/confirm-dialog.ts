import { expect, type Page } from "@playwright/test";

/**
 * Confirms the open dialog with its `button`, once it shows (and says `says`, when given), and waits
 * until it has gone.
 */
export async function confirmDialog(page: Page, button: string, says?: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  if (says !== undefined) await expect(dialog).toContainText(says);
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toBeHidden();
}
