import type { Page } from "@playwright/test";

/** The visitor's session id (`gleapId`) as the page's widget stored it, or "" before it has one. */
export function storedGleapId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (
        JSON.parse(
          localStorage.getItem(
            Object.keys(localStorage).find((key) => key.startsWith("gleap-widget-session-")) ?? "",
          ) ?? "{}",
        ) as { gleapId?: string }
      ).gleapId ?? "",
  );
}
