import { test } from "@playwright/test";

/**
 * Where a spec that also shows a screen in the docs writes its picture. A test run leaves the checkout as
 * it found it: the picture goes to the test's own output folder, and only `UPDATE_DOCS_SCREENSHOTS=1`
 * writes it over the one in `docs/screenshots/` (see docs/testing.md).
 */
export function docsScreenshotPath(name: string): string {
  return process.env.UPDATE_DOCS_SCREENSHOTS === "1"
    ? `docs/screenshots/${name}.png`
    : test.info().outputPath(`${name}.png`);
}
