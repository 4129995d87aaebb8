import { describe, expect, test } from "bun:test";
import { testPagesMarkdown } from "../../e2e/support/test-pages.ts";
import {
  digestLimits,
  errorLines,
  failureDigest,
  loggedErrors,
  shownPages,
  snapshotLines,
} from "./failure-digest.ts";

// Shaped as Playwright writes a failed test's error-context.md (cut to what the digest reads).
const errorContext = `# Test info

- Name: admin-challenges.e2e.ts >> saves

# Error details

\`\`\`
Error: expect(locator).toBeVisible() failed
\`\`\`

\`\`\`yaml
- link "Skip to main content":
  - /url: "#main"
- complementary:
  - navigation "Main navigation":
    - link "Users":
      - /url: /dashboard/users
- main:
  - heading "Edit Challenge" [level=1]
  - alert: The challenge was changed by someone else.
  - button "Save changes"
  - combobox "Difficulty":
    - option "Easy"
    - option "Hard" [selected]
- contentinfo: Build 1
- status: Challenge created
\`\`\`
`;

describe("the digest of a failed test", () => {
  test("keeps what the error said, without stack frames, code frames or attachments", () => {
    const error = `  admin-challenges.e2e.ts:86:1 › saves ──────────────────
    Error: expect(locator).toBeVisible() failed

    Locator: getByText('Challenge updated')
    Timeout: 10000ms

      139 |   await page.getByLabel("Title").fill(renamed);
    > 141 |   await expect(page.getByText("Challenge updated")).toBeVisible();
          |                                                     ^
        at /check/work/main/e2e/admin-challenges.e2e.ts:141:53

    attachment #1: screenshot (image/png) ──────────
    test-results/e2e/a/test-failed-1.png
    Error Context: ../test-results/e2e/a/error-context.md`;
    expect(errorLines(error).map((line) => line.trim())).toEqual([
      "Error: expect(locator).toBeVisible() failed",
      "Locator: getByText('Challenge updated')",
      "Timeout: 10000ms",
    ]);
  });

  test("a long error is cut to its first lines, a long line to its first characters", () => {
    const lines = errorLines(
      Array.from({ length: 30 }, (_, index) => `line ${index} ${"x".repeat(300)}`).join("\n"),
    );
    expect(lines).toHaveLength(digestLimits.errorLines);
    expect(lines[0]).toHaveLength(digestLimits.lineLength + 1);
    expect(lines[0]).toEndWith("…");
  });

  test("shows the page's main region and its toasts, without link targets or unchosen options", () => {
    expect(snapshotLines(errorContext)).toEqual([
      "- main:",
      '  - heading "Edit Challenge" [level=1]',
      "  - alert: The challenge was changed by someone else.",
      '  - button "Save changes"',
      '  - combobox "Difficulty":',
      '    - option "Hard" [selected]',
      "- status: Challenge created",
    ]);
  });

  test("finds the main region and a toast nested in the root of an ai snapshot, without element references", () => {
    const page = [
      "```yaml",
      "- generic [active] [ref=e1]:",
      '  - link "Skip to main content" [ref=e2] [cursor=pointer]:',
      '    - /url: "#main"',
      '  - navigation "Main navigation" [ref=e3]:',
      '    - link "Users" [ref=e4] [cursor=pointer]',
      "  - main [ref=e5]:",
      '    - heading "New collection" [level=1] [ref=e6]',
      "    - status [ref=e7]: Loading…",
      "  - status [ref=e8]: Saved",
      "```",
    ].join("\n");
    expect(snapshotLines(page)).toEqual([
      "- main:",
      '  - heading "New collection" [level=1]',
      "  - status: Loading…",
      "- status: Saved",
    ]);
  });

  test("a snapshot without a main region is shown whole, up to its limit", () => {
    const page = `\`\`\`yaml\n${Array.from({ length: 40 }, (_, index) => `- button "b${index}"`).join("\n")}\n\`\`\``;
    const lines = snapshotLines(page);
    expect(lines).toHaveLength(digestLimits.snapshotLines);
    expect(lines[0]).toBe('- button "b0"');
  });

  test("names the stage and the test, then the error and the page", () => {
    const digest = failureDigest(
      "e2e",
      {
        name: "admin-challenges.e2e.ts › saves",
        error: "Error: not visible\n    at x.ts:1:1",
        errorContext: "",
      },
      errorContext,
    );
    expect(digest).toEqual([
      "failed in e2e: admin-challenges.e2e.ts › saves",
      "    Error: not visible",
      "    the page showed:",
      "      - main:",
      '        - heading "Edit Challenge" [level=1]',
      "        - alert: The challenge was changed by someone else.",
      '        - button "Save changes"',
      '        - combobox "Difficulty":',
      '          - option "Hard" [selected]',
      "      - status: Challenge created",
    ]);
    expect(
      failureDigest("unit-sqlite", { name: "a.test.ts › b", error: "", errorContext: null }, null),
    ).toEqual(["failed in unit-sqlite: a.test.ts › b"]);
  });
});

describe("the pages a failed browser test left", () => {
  const pages = testPagesMarkdown([
    {
      url: "http://127.0.0.1:4100/dashboard/help/p1/collections/create",
      snapshot: "- main:\n  - status: Loading…",
    },
    {
      url: "http://127.0.0.1:4100/demo",
      snapshot: '- banner:\n  - link "Acme Notes"\n- main:\n  - heading "Notes"',
    },
    { url: "about:blank", snapshot: '- button "third"' },
  ]);

  test("the specs' own file is read page by page, each by its address", () => {
    expect(shownPages(pages).map((page) => [page.url, snapshotLines(page.snapshot)])).toEqual([
      ["http://127.0.0.1:4100/dashboard/help/p1/collections/create", ["- main:", "  - status: Loading…"]],
      ["http://127.0.0.1:4100/demo", ["- main:", '  - heading "Notes"']],
      ["about:blank", ['- button "third"']],
    ]);
  });

  test("Playwright's file is one page without an address", () => {
    expect(shownPages(errorContext)).toEqual([{ url: null, snapshot: errorContext }]);
  });

  test("the digest names the first two pages by their address", () => {
    expect(failureDigest("e2e", { name: "help.e2e.ts › finds", error: "", errorContext: "" }, pages)).toEqual(
      [
        "failed in e2e: help.e2e.ts › finds",
        "    the page at http://127.0.0.1:4100/dashboard/help/p1/collections/create showed:",
        "      - main:",
        "        - status: Loading…",
        "    the page at http://127.0.0.1:4100/demo showed:",
        "      - main:",
        '        - heading "Notes"',
      ],
    );
  });
});

describe("the errors a server logged", () => {
  test("only its error lines, each named by its log", () => {
    const log = [
      '{"time":"t","level":"warn","msg":"PASSWORD_HASH_COST is test"}',
      '{"time":"t","level":"error","msg":"request failed","status":500,"error":"database is locked"}',
      '{"time":"t","level":"info","msg":"GET /api"}',
      '{"time":"t","level":"fatal","msg":"cannot listen"}',
      "",
    ].join("\n");
    expect(loggedErrors("slot-0-main.log", log)).toEqual([
      'slot-0-main.log: {"time":"t","level":"error","msg":"request failed","status":500,"error":"database is locked"}',
      'slot-0-main.log: {"time":"t","level":"fatal","msg":"cannot listen"}',
    ]);
  });
});
