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
const telling = /^- (main|alert|status|dialog|alertdialog)\b/;

/**
 * The page snapshot's main region and its toasts, alerts and dialogs (the whole snapshot when it has
 * none of them), without link targets and unchosen options.
 */
export function snapshotLines(errorContext: string): string[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1] ?? "";
  const lines = yaml.split("\n").filter((line) => line.trim() !== "" && !noise(line));
  const blocks: string[][] = [];
  for (const line of lines) {
    if (line.startsWith("- ") || blocks.length === 0) blocks.push([line]);
    else blocks.at(-1)?.push(line);
  }
  const shown = blocks.filter((block) => telling.test(block[0] ?? ""));
  return (shown.length > 0 ? shown.flat() : lines).slice(0, digestLimits.snapshotLines).map(cut);
}

/** The digest of one failed test: its name, its error's lines, and the page it left when there is one. */
export function failureDigest(stage: string, failed: FailedTest, errorContext: string | null): string[] {
  const lines = [
    `failed in ${stage}: ${failed.name}`,
    ...errorLines(failed.error).map((line) => `    ${line.trim()}`),
  ];
  if (errorContext) {
    const page = snapshotLines(errorContext);
    if (page.length > 0) lines.push("    the page showed:", ...page.map((line) => `      ${line}`));
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
