import { expect, type Locator, type Page } from "@playwright/test";

/** Where each control is now (it must be on screen). */
async function placesOf(controls: Locator[]) {
  const places = [];
  for (const control of controls) {
    await expect(control).toBeVisible();
    places.push(await control.boundingBox());
  }
  return places;
}

/**
 * Checks that the controls are, after `meanwhile` (letting a held answer through, say) and a frame or
 * two for anything it set off, where they are now: a control that moved as an answer came made a
 * click aimed at it land elsewhere.
 */
export async function expectStaysPut(
  page: Page,
  controls: Locator[],
  meanwhile: () => Promise<void> = async () => {},
) {
  const before = await placesOf(controls);
  await meanwhile();
  await page.waitForTimeout(300);
  expect(await placesOf(controls)).toEqual(before);
}
