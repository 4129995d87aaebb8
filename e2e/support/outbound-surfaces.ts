import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";

/** The frames of the outbound surfaces on a host page (the widget's shadow root is open to locators). */
export const bannerFrame = (page: Page): FrameLocator => page.frameLocator("#gleap-banner iframe");
export const modalFrame = (page: Page): FrameLocator => page.frameLocator(".gm-frame");

/**
 * Clicks a button whose click removes the frame it sits in (a banner's or modal's close). A real mouse
 * click there can leave Playwright waiting for the input acknowledgement of a cross-origin frame process
 * that is already gone (seen once in four full runs, as a 60 s hang after "performing click action"),
 * so the click is dispatched inside the frame once the button is visible.
 */
export async function clickClosingItsFrame(button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  await button.dispatchEvent("click");
}
