/**
 * A failed browser test's pages, written by the specs' `test` (spec-test.ts) beside Playwright's
 * `error-context.md` and read by the test runner's digest (scripts/test-machine/failure-digest.ts).
 * Playwright's own file holds one snapshot of whichever page closed first: for a test with a visitor's
 * page beside the admin's, often not the page the failing step was looking at.
 */
export const testPagesFile = "test-pages.md";

/** Each page under a `## address` heading, its aria snapshot in a yaml block: the test's page first. */
export function testPagesMarkdown(pages: readonly { url: string; snapshot: string }[]): string {
  return pages.map((page) => `## ${page.url}\n\n\`\`\`yaml\n${page.snapshot}\n\`\`\`\n`).join("\n");
}
