import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "@playwright/test";

/** The rules every screen is held to: WCAG 2.0 and 2.1, levels A and AA. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's own script, put once into each document it looks at. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

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
  /** Whether axe reaches into the frames (the default); false checks the one document alone. */
  frames?: boolean;
}

/** axe's own context object: selector lists to include and exclude. */
type AxeContext = unknown;

/** The slice of axe-core's page API the runner calls. */
interface AxeInPage {
  configure(options: { allowedOrigins: string[] }): void;
  run(context: AxeContext, options: unknown): Promise<{ violations: AxeViolation[] }>;
}

/** `window` as seen by a function evaluated in a document axe is in (such functions are sent as text: no closures). */
type AxeWindow = { axe: AxeInPage };

const runOptions = { runOnly: { type: "tag", values: wcagTags } };

function axeContext({ include, exclude = [] }: AxeScope): AxeContext {
  return { ...(include ? { include: [[include]] } : {}), exclude: exclude.map((selector) => [selector]) };
}

/**
 * Whether a frame's own element lets it run script. A frame sandboxed without `allow-scripts` never
 * answers an evaluation, and axe's own run cannot reach into it either: it is left out, with the frames
 * inside it, by its attribute, never by a timeout (a timeout on a loaded machine leaves out frames that
 * do run).
 */
async function allowedScript(frame: Frame): Promise<boolean> {
  const sandbox = await (await frame.frameElement()).getAttribute("sandbox");
  return sandbox === null || sandbox.split(/\s+/).includes("allow-scripts");
}

/**
 * Puts axe into a document unless it is there already, allowed to exchange messages with the axe of a
 * frame of any origin (its default is the page's own origin only).
 */
async function ensureAxe(target: Frame): Promise<void> {
  if (await target.evaluate(() => "axe" in window)) return;
  await target.evaluate(axeSource);
  await target.evaluate(() =>
    (window as unknown as AxeWindow).axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] }),
  );
}

/** `frame` and the frames inside it that run script, at any depth. */
async function scriptedFramesUnder(frame: Frame): Promise<Frame[]> {
  const children = await Promise.all(
    frame
      .childFrames()
      .map(async (child) => ((await allowedScript(child)) ? scriptedFramesUnder(child) : [])),
  );
  return [frame, ...children.flat()];
}

/**
 * axe's violations of `wcagTags` in a page or frame as it is now, the frames inside included, of any
 * origin and inside shadow roots. axe goes into each document once and runs in one pass from where it
 * starts, reaching into the frames itself. A frame that runs no script is left out (axe does not hear
 * from it). AxeBuilder, used before, evaluated its 540 KB source twice in the page and again in every
 * frame on each analysis, and silently left out a frame it could not inject within a second.
 */
export async function axeViolations(target: Page | Frame, scope: AxeScope = {}): Promise<AxeViolation[]> {
  const start = "mainFrame" in target ? target.mainFrame() : target;
  const iframes = scope.frames ?? true;
  const frames = iframes ? await scriptedFramesUnder(start) : [start];
  await Promise.all(frames.map((frame) => ensureAxe(frame)));
  // Only the violations leave the page: the passes and the rules that did not apply, every node with
  // its markup, would be carried through Playwright for nothing.
  return start.evaluate(
    async ({ context, options }) =>
      (await (window as unknown as AxeWindow).axe.run(context, options)).violations,
    { context: axeContext(scope), options: { ...runOptions, iframes } },
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
