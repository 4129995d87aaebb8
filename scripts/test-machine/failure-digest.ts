import type { FailedTest } from "./junit-counts.ts";

/**
 * A few lines on a failed test for the end of a run, where CI's log is often cut to its last lines:
 * what the error said without its stack and code frame, and for a browser test what the page showed
 * (the main region of Playwright's page snapshot, without link targets). Enough to tell a timing flake
 * from a refusal on a screen without the run's artifacts.
 */
export const digestLimits = { errorLines: 10, snapshotLines: 24, lineLength: 240 };

/** A runner's heading line: the test's name again, underlined with box-drawing characters. */
const heading = /─{3,}\s*$/;

const stackOrFrame =
  /^\s*(at\s|\d+\s*\||>\s*\d+\s*\||\|\s|attachment #|─|Error Context:|test-results\/|\.\.\/test-results\/)/;

const cut = (line: string) =>
  line.length > digestLimits.lineLength ? `${line.slice(0, digestLimits.lineLength)}…` : line;

/** The error's lines that say something: no stack frames, code frames, attachments or blank lines. */
export function errorLines(error: string): string[] {
  return error
    .split("\n")
    .filter((line) => line.trim() !== "" && !stackOrFrame.test(line) && !heading.test(line))
    .slice(0, digestLimits.errorLines)
    .map((line) => cut(line.trimEnd()));
}

/** A snapshot line that says nothing about the state: a link's target, an option not chosen. */
const noise = (line: string) => /^\s*- \/url:/.test(line) || /^\s*- option\b(?!.*\[selected\])/.test(line);

/** The blocks a state shows in: the main region, and what sits beside it (toasts, alerts, dialogs). */
const telling = /^\s*- (main|alert|status|dialog|alertdialog)\b/;

/** What the "ai" snapshots add to each line that says nothing about the state. */
const markers = / \[(ref=\w+|cursor=pointer)\]/g;

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * A page snapshot's main region and its toasts, alerts and dialogs at whatever depth they sit (the
 * whole snapshot when it has none of them), each block moved to the left edge, without link targets,
 * unchosen options and element references. `snapshot` holds one ```yaml block.
 */
export function snapshotLines(snapshot: string): string[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(snapshot)?.[1] ?? "";
  const lines = yaml
    .split("\n")
    .filter((line) => line.trim() !== "" && !noise(line))
    .map((line) => line.replace(markers, ""));
  const shown: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (!telling.test(line)) continue;
    const indent = indentOf(line);
    shown.push(line.slice(indent));
    while (index + 1 < lines.length && indentOf(lines[index + 1] as string) > indent)
      shown.push((lines[++index] as string).slice(indent));
  }
  return (shown.length > 0 ? shown : lines).slice(0, digestLimits.snapshotLines).map(cut);
}

/** A page a failed test left open: its address (unknown in Playwright's own file) and its snapshot. */
export interface ShownPage {
  url: string | null;
  snapshot: string;
}

/**
 * The pages in a failed test's page file: the specs' own `test-pages.md` (e2e/support/spec-test.ts,
 * a `## address` heading over each page's snapshot) or Playwright's `error-context.md` (one snapshot of
 * whichever page closed first, which may not be the one the test was using).
 */
export function shownPages(file: string): ShownPage[] {
  const sections = file.split(/^## /m).slice(1);
  if (sections.length === 0) return [{ url: null, snapshot: file }];
  return sections.map((section) => ({
    url: section.slice(0, section.indexOf("\n")).trim(),
    snapshot: section,
  }));
}

/** How many of a failed test's pages the digest shows. */
const shownPageLimit = 2;

/** The digest of one failed test: its name, its error's lines, and the pages it left when there are. */
export function failureDigest(stage: string, failed: FailedTest, pageFile: string | null): string[] {
  const lines = [
    `failed in ${stage}: ${failed.name}`,
    ...errorLines(failed.error).map((line) => `    ${line.trim()}`),
  ];
  for (const page of pageFile ? shownPages(pageFile).slice(0, shownPageLimit) : []) {
    const shown = snapshotLines(page.snapshot);
    if (shown.length === 0) continue;
    lines.push(page.url ? `    the page at ${cut(page.url)} showed:` : "    the page showed:");
    lines.push(...shown.map((line) => `      ${line}`));
  }
  return lines;
}

/** How many of the servers' logged errors a failed browser stage prints. */
export const loggedErrorLimit = 12;

/**
 * The lines a server logged at level error (its log is JSON lines), each named by its log file: what
 * the server said while a browser test saw a refusal or a missing answer.
 */
export function loggedErrors(logName: string, log: string): string[] {
  return log
    .split("\n")
    .filter((line) => line.includes('"level":"error"') || line.includes('"level":"fatal"'))
    .map((line) => cut(`${logName}: ${line}`));
}
