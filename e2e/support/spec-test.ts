import { writeFileSync } from "node:fs";
import { test as playwrightTest } from "@playwright/test";
import { testPagesFile, testPagesMarkdown } from "./test-pages.ts";

/**
 * Playwright's `test` for every spec, with a screenshot of each page of a failed test's context and
 * the aria snapshot of every page the test left open, by address (test-pages.ts).
 *
 * Playwright's own `screenshot: "only-on-failure"` takes a picture of every page of every context as
 * it closes, passed or not, and throws the passed ones away: about 3 % of the browser tests' processor
 * time, which on two cores is their wall time. Here the picture is taken only when the test has
 * failed, after its hooks and before its page closes: the pages of the `page` fixture's context (a
 * context a test opens itself is not pictured, but its pages are in the snapshots).
 */
export const test = playwrightTest.extend({
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    const own = page.context().pages();
    for (const [index, shown] of own.entries()) {
      // Where Playwright's own would be, under the name it would give it.
      const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
      const taken = await shown.screenshot({ path, timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (taken) await testInfo.attach("screenshot", { path, contentType: "image/png" });
    }
    // One worker runs one test at a time: the browser's other contexts are this test's own.
    const others = (page.context().browser()?.contexts() ?? [])
      .filter((context) => context !== page.context())
      .flatMap((context) => context.pages());
    const snapshots = [];
    for (const shown of [...own, ...others]) {
      const snapshot = await shown.ariaSnapshot({ mode: "ai", timeout: 5_000 }).catch(() => null);
      if (snapshot !== null) snapshots.push({ url: shown.url(), snapshot });
    }
    if (snapshots.length > 0) writeFileSync(testInfo.outputPath(testPagesFile), testPagesMarkdown(snapshots));
  },
});
