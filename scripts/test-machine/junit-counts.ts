/**
 * Pass and fail counts from JUnit XML, as `bun test --reporter=junit` and Playwright's junit reporter
 * write it: the root `<testsuites>` element carries the totals. A skipped test counts as failed (the
 * suite has none on purpose), and so does a report that cannot be read.
 *
 * `bun scripts/test-machine/junit-counts.ts a.xml b.xml …` prints `N passed, N failed` summed over
 * every file (what `.ci/run` ends with).
 */
export interface TestCounts {
  passed: number;
  failed: number;
}

const attribute = (element: string, name: string) => {
  const match = new RegExp(`\\s${name}="(\\d+)"`).exec(element);
  return match ? Number(match[1]) : 0;
};

export function junitCounts(xml: string): TestCounts {
  const root = /<testsuites\b[^>]*>/.exec(xml)?.[0];
  if (!root) return { passed: 0, failed: 1 };
  const tests = attribute(root, "tests");
  const failed = attribute(root, "failures") + attribute(root, "errors") + attribute(root, "skipped");
  return { passed: tests - failed, failed };
}

export const sumCounts = (counts: readonly TestCounts[]): TestCounts =>
  counts.reduce((sum, one) => ({ passed: sum.passed + one.passed, failed: sum.failed + one.failed }), {
    passed: 0,
    failed: 0,
  });

export const formatCounts = ({ passed, failed }: TestCounts) => `${passed} passed, ${failed} failed`;

if (import.meta.main) {
  const counts = await Promise.all(
    process.argv.slice(2).map(async (path) => {
      const file = Bun.file(path);
      return (await file.exists()) ? junitCounts(await file.text()) : { passed: 0, failed: 1 };
    }),
  );
  console.log(formatCounts(sumCounts(counts)));
}
