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

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#\d+|\w+);/g, (whole, name: string) =>
    name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : (entities[name] ?? whole),
  );
const text = (attributes: string, name: string) =>
  decode(new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");

/** A test a report counts as failed: `file › name`, and what its runner said of it. */
export interface FailedTest {
  name: string;
  /** The failure's text (message, error, stack and code frame), or its message alone when that is all. */
  error: string;
  /** Playwright's page snapshot of a failed browser test (`error-context.md`), as the report names it. */
  errorContext: string | null;
}

/** An element's text: a CDATA section as it is, anything else with its entities decoded. */
const content = (body: string) => {
  const section = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(body);
  return section ? (section[1] ?? "") : decode(body);
};

/**
 * The tests a report counts as failed (a failure, an error or a skip): printed again at the end of a
 * run, where a log cut to its last lines still shows them.
 */
export function junitFailures(xml: string): FailedTest[] {
  const failed: FailedTest[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const [, attributes = "", body = ""] = match;
    const outcome = /<(failure|error|skipped)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body);
    if (!outcome) continue;
    const [, , outcomeAttributes = "", said = ""] = outcome;
    const file = text(attributes, "file") || text(attributes, "classname");
    const error = content(said).trim() || text(outcomeAttributes, "message");
    failed.push({
      name: `${file} › ${text(attributes, "name")}`,
      error,
      errorContext: /Error Context: (\S+error-context\.md)/.exec(error)?.[1] ?? null,
    });
  }
  return failed;
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
