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

/**
 * Whether every frame of the page shares its origin, so axe can run in one pass from the page itself.
 * Otherwise axe runs in each frame apart and merges the results in a blank page it opens, which takes
 * about twice the processor time (axe was a third of the browser tests' time that way).
 */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .every(
      (frame) =>
        ["about:blank", "about:srcdoc", ""].includes(frame.url()) || new URL(frame.url()).origin === origin,
    );
}

/** axe on the page as it is now, held to `wcagTags`; narrow it with `include` and `exclude`. */
export function axeOnPage(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(framesShareOrigin(page)).withTags(wcagTags);
}

/**
 * axe's violations of `wcagTags` in one document, run from inside it (injected once per document):
 * for a frame AxeBuilder's selectors do not reach, or a second run on a page AxeBuilder already
 * injected. `context` narrows it to selectors; frames inside are left out unless `iframes`.
 */
export async function runAxeInDocument(
  target: Page | Frame,
  context: { include?: string; exclude?: string[]; iframes?: boolean } = {},
): Promise<AxeViolation[]> {
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(axeSource);
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
