import { expect, type Page } from "@playwright/test";

/**
 * Submits the open create form as it is, empty, with its `button`, and expects the refusal the spec
 * asks for: the form's notice, and each of the `required` texts at its field.
 */
export async function expectEmptySubmitRefused(page: Page, button: string, required: string[]) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText("Please fill in form correctly.")).toBeVisible();
  for (const text of required) await expect(page.getByText(text)).toBeVisible();
}
