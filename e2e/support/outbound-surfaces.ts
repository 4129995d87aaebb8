import type { FrameLocator, Page } from "@playwright/test";

/** The frames of the outbound surfaces on a host page (the widget's shadow root is open to locators). */
export const bannerFrame = (page: Page): FrameLocator => page.frameLocator("#gleap-banner iframe");
export const modalFrame = (page: Page): FrameLocator => page.frameLocator(".gm-frame");
