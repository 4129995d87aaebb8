import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "@playwright/test";

/** The rules every screen is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's own script, put once into each document it looks at. */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the specs read of one of axe's violations. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Where axe looks: under `include` (a selector; the whole document without it), leaving out `exclude`. */
export interface AxeScope {
  include?: string;
  exclude?: string[];
}

/** axe's own context object: selector lists, or what `getFrameContexts` hands down to a frame. */
type AxeContext = unknown;

/** The slice of axe-core's page API the runner calls. */
interface AxeInPage {
  runPartial(context: AxeContext, options: unknown): Promise<unknown>;
  finishRun(partials: unknown[], options: unknown): Promise<{ violations: AxeViolation[] }>;
  utils: {
    getFrameContexts(context: AxeContext): Array<{ frameSelector: unknown; frameContext: AxeContext }>;
    shadowSelect(selector: unknown): Element | null;
  };
}

/** `window` as seen by a function evaluated in a document axe is in (such functions are sent as text: no closures). */
type AxeWindow = { axe: AxeInPage };

const runOptions = { runOnly: { type: "tag", values: wcagTags } };

function axeContext({ include, exclude = [] }: AxeScope): AxeContext {
  return { ...(include ? { include: [[include]] } : {}), exclude: exclude.map((selector) => [selector]) };
}

/**
 * Whether a frame runs script. A frame sandboxed without `allow-scripts` (or inside one) never
 * answers an evaluation, and axe's own run from the page cannot reach into it either: it is left out,
 * by its attribute, never by a timeout (a timeout on a loaded machine leaves out frames that do run).
 */
async function runsScript(frame: Frame): Promise<boolean> {
  const parent = frame.parentFrame();
  if (!parent) return true;
  const sandbox = await (await frame.frameElement()).getAttribute("sandbox");
  if (sandbox !== null && !sandbox.split(/\s+/).includes("allow-scripts")) return false;
  return runsScript(parent);
}

/** Puts axe into a document unless it is there already. */
async function ensureAxe(target: Page | Frame): Promise<void> {
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(axeSource);
}

/**
 * axe's partial results for a frame and the frames inside it, in the order `finishRun` reads them:
 * the frame's own, then each child's in document order (`null` for a frame that runs no script).
 */
async function partialResults(frame: Frame, context: AxeContext): Promise<unknown[]> {
  await ensureAxe(frame);
  const children = await frame.evaluate(
    (scope) => (window as unknown as AxeWindow).axe.utils.getFrameContexts(scope),
    context,
  );
  const own = await frame.evaluate(
    ({ scope, options }) => (window as unknown as AxeWindow).axe.runPartial(scope, options),
    { scope: context, options: runOptions },
  );
  const results: unknown[] = [own];
  for (const { frameSelector, frameContext } of children) {
    const element = (
      await frame.evaluateHandle(
        (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
        frameSelector,
      )
    ).asElement();
    const child = await element?.contentFrame();
    if (child && (await runsScript(child))) results.push(...(await partialResults(child, frameContext)));
    else results.push(null);
  }
  return results;
}

/**
 * axe's violations of `wcagTags` in a page or frame as it is now, the frames inside included, of any
 * origin and inside shadow roots. axe goes into each document once (AxeBuilder evaluated its 540 KB
 * source twice in the page and again in every frame on each analysis, and silently left out a frame it
 * could not inject within a second), runs in each frame apart and merges the results where it started.
 */
export async function axeViolations(target: Page | Frame, scope: AxeScope = {}): Promise<AxeViolation[]> {
  const frame = "mainFrame" in target ? target.mainFrame() : target;
  const partials = await partialResults(frame, axeContext(scope));
  const result = await frame.evaluate(
    ({ partials, options }) => (window as unknown as AxeWindow).axe.finishRun(partials, options),
    { partials, options: runOptions },
  );
  return result.violations;
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
