import { test as playwrightTest } from "@playwright/test";

/**
 * Playwright's `test` for every spec, with a screenshot of each page of a failed test's context.
 *
 * Playwright's own `screenshot: "only-on-failure"` takes a picture of every page of every context as
 * it closes, passed or not, and throws the passed ones away: about 3 % of the browser tests' processor
 * time, which on two cores is their wall time. Here the picture is taken only when the test has
 * failed, after its hooks and before its page closes: the pages of the `page` fixture's context (a
 * context a test opens itself is not pictured).
 */
export const test = playwrightTest.extend({
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [index, shown] of page.context().pages().entries()) {
      // Where Playwright's own would be, under the name it would give it.
      const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
      const taken = await shown.screenshot({ path, timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (taken) await testInfo.attach("screenshot", { path, contentType: "image/png" });
    }
  },
});
