import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Frame, Page } from "@playwright/test";

/** The rules every screen is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's own script, for a document where it runs from inside (`runAxeInDocument`). */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the specs read of one of axe's violations. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Whether every frame of the page shares its origin, so axe can run in one pass from the page itself. */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .every(
      (frame) =>
        ["about:blank", "about:srcdoc", ""].includes(frame.url()) || new URL(frame.url()).origin === origin,
    );
}

/** Where axe looks: under `include` (a selector; the whole document without it), leaving out `exclude`. */
export interface AxeScope {
  include?: string;
  exclude?: string[];
}

/** Puts axe into a document unless it is there already. */
async function ensureAxe(target: Page | Frame): Promise<void> {
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(axeSource);
}

/** Puts axe into a frame once per document; a frame that runs no script is left without it. */
async function injectAxe(frame: Frame): Promise<void> {
  const injected = ensureAxe(frame);
  // A frame sandboxed without scripts never answers (axe leaves it out, as the page's run cannot reach it).
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000));
  await Promise.race([injected.catch(() => undefined), timeout]);
}

/**
 * axe's violations of `wcagTags` on the page as it is now, frames included. Where every frame shares
 * the page's origin, axe goes into each document once and runs in one pass from the page (AxeBuilder
 * evaluates its 540 KB source twice in the page and again in every frame on each analysis: half a
 * second of the browser's processor time per screen here). Otherwise AxeBuilder runs axe in each frame
 * apart and merges the results in a blank page it opens.
 */
export async function axeViolations(
  page: Page,
  { include, exclude = [] }: AxeScope = {},
): Promise<AxeViolation[]> {
  if (framesShareOrigin(page)) {
    await Promise.all(page.frames().map((frame) => injectAxe(frame)));
    return runAxeInDocument(page, { include, exclude, iframes: true });
  }
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  return (await builder.analyze()).violations;
}

/**
 * axe's violations of `wcagTags` in one document, run from inside it (injected once per document):
 * for a frame the page's selectors do not reach (inside a shadow root), or a second run on a page
 * (another colour scheme). `context` narrows it to selectors; frames inside are left out unless
 * `iframes` (and then each must hold axe already, see `axeViolations`).
 */
export async function runAxeInDocument(
  target: Page | Frame,
  context: AxeScope & { iframes?: boolean } = {},
): Promise<AxeViolation[]> {
  await ensureAxe(target);
  return target.evaluate(
    async ({ tags, include, exclude, iframes }) => {
      const axe = (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
      ).axe;
      const scope = {
        ...(include ? { include: [[include]] } : {}),
        exclude: (exclude ?? []).map((selector) => [selector]),
      };
      const result = (await axe.run(scope, { runOnly: { type: "tag", values: tags }, iframes })) as {
        violations: AxeViolation[];
      };
      return result.violations;
    },
    { tags: wcagTags, include: context.include, exclude: context.exclude, iframes: context.iframes ?? false },
  );
}

/** One readable entry per violation and element: where, which rule, and what axe says to fix. */
export function violationLines(violations: readonly AxeViolation[], label: string): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `${label}: ${violation.id} (${violation.impact ?? "?"}): ${violation.help}`,
        `  at ${node.target.join(" ")}`,
        `  ${(node.failureSummary ?? "").replaceAll("\n", "\n  ")}`,
      ].join("\n"),
    ),
  );
}
