import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatCounts, junitCounts, junitFailures, sumCounts } from "./junit-counts.ts";

// What `bun test --reporter=junit` and Playwright's junit reporter write at the top of their reports.
const bunReport = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bun test" tests="3355" assertions="77983" failures="2" skipped="0" time="185.1">
  <testsuite name="a.test.ts" file="a.test.ts" tests="3355" failures="2" skipped="0" time="1">
  </testsuite>
</testsuites>`;
const playwrightReport = `<testsuites id="" name="" tests="254" failures="1" skipped="3" errors="0" time="600.5">
<testsuite name="admin-a11y.e2e.ts" tests="44" failures="1"></testsuite>
</testsuites>`;

describe("JUnit failures", () => {
  test("each failed, errored or skipped test by file and name; passing ones are left out", () => {
    const report = `<testsuites tests="4" failures="1" errors="1" skipped="1">
  <testsuite name="outboxes" file="src/a.db.test.ts">
    <testcase name="a mail&apos;s &quot;retry&quot; &amp; more" classname="outboxes" file="src/a.db.test.ts" line="3">
      <failure type="AssertionError" message="x">AssertionError</failure>
    </testcase>
    <testcase name="passes" classname="outboxes" file="src/a.db.test.ts" line="9" />
  </testsuite>
  <testsuite name="b.e2e.ts">
    <testcase name="errs" classname="b.e2e.ts" time="1"><error message="boom"/></testcase>
    <testcase name="skips" classname="b.e2e.ts" time="0"><skipped/></testcase>
  </testsuite>
</testsuites>`;
    expect(junitFailures(report).map((failed) => failed.name)).toEqual([
      `src/a.db.test.ts › a mail's "retry" & more`,
      "b.e2e.ts › errs",
      "b.e2e.ts › skips",
    ]);
    expect(junitFailures(report).map((failed) => failed.error)).toEqual(["AssertionError", "boom", ""]);
    expect(junitFailures(bunReport)).toEqual([]);
  });

  test("a failure's text: bun's entities decoded, Playwright's CDATA as it is, with its page snapshot", () => {
    const bun = `<testsuites tests="1" failures="1">
    <testcase name="refuses" classname="" file="a.test.ts" line="2">
      <failure type="Error" message="POST /x → 429">Error: POST /x → 429 &amp; more&#10;      at a.test.ts:2:75&#10;</failure>
    </testcase></testsuites>`;
    expect(junitFailures(bun)).toEqual([
      {
        name: "a.test.ts › refuses",
        error: "Error: POST /x → 429 & more\n      at a.test.ts:2:75",
        errorContext: null,
      },
    ]);
    const playwright = `<testsuites tests="1" failures="1"><testsuite name="b.e2e.ts">
<testcase name="saves" classname="b.e2e.ts" time="3.1">
<failure message="expect(locator).toBeVisible() failed" type="expect.toBeVisible">
<![CDATA[    Error: expect(locator).toBeVisible() failed &amp; kept

    Error Context: ../test-results/e2e/b-saves/error-context.md
]]>
</failure>
</testcase></testsuite></testsuites>`;
    const [failed] = junitFailures(playwright);
    expect(failed?.error).toStartWith("Error: expect(locator).toBeVisible() failed &amp; kept");
    expect(failed?.errorContext).toBe("../test-results/e2e/b-saves/error-context.md");
  });
});

describe("JUnit counts", () => {
  test("bun's report: tests less failures passed", () => {
    expect(junitCounts(bunReport)).toEqual({ passed: 3353, failed: 2 });
  });

  test("Playwright's report: a skipped test counts as failed, errors too", () => {
    expect(junitCounts(playwrightReport)).toEqual({ passed: 250, failed: 4 });
    expect(junitCounts('<testsuites tests="5" failures="0" errors="2" skipped="0">')).toEqual({
      passed: 3,
      failed: 2,
    });
  });

  test("a report without its root element is one failure, not zero tests", () => {
    expect(junitCounts("")).toEqual({ passed: 0, failed: 1 });
    expect(junitCounts("<testsuite tests='3'></testsuite>")).toEqual({ passed: 0, failed: 1 });
  });

  test("sums and the closing line", () => {
    expect(formatCounts(sumCounts([junitCounts(bunReport), junitCounts(playwrightReport)]))).toBe(
      "3603 passed, 6 failed",
    );
  });

  describe("the command line, as .ci/run calls it", () => {
    let dir = "";
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "junit-counts-"));
      await writeFile(join(dir, "unit.xml"), bunReport);
      await writeFile(join(dir, "e2e.xml"), playwrightReport);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    test("prints one line summed over every file; a missing file is a failure", async () => {
      const run = Bun.spawnSync([
        process.execPath,
        join(import.meta.dir, "junit-counts.ts"),
        join(dir, "unit.xml"),
        join(dir, "e2e.xml"),
        join(dir, "missing.xml"),
      ]);
      expect(run.exitCode).toBe(0);
      expect(run.stdout.toString()).toBe("3603 passed, 7 failed\n");
    });
  });
});
