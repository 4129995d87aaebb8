import { expect, test } from "bun:test";
import { join } from "node:path";

/**
 * The checklist chunk draws plain DOM: a page with a `<gleap-checklist>` must not load React DOM
 * (about 55 KB brotli, and its evaluation a long task on the host page). Bundled alone, the chunk's
 * whole module graph is in one file, so anything that pulls React in shows here.
 */
test("the checklist chunk's module graph holds no React", async () => {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, "checklist-chunk.ts")],
    target: "browser",
    minify: true,
  });
  expect(result.success).toBe(true);
  const code = (await Promise.all(result.outputs.map((output) => output.text()))).join("\n");
  expect(code).toContain("gc-task-header");
  expect(code).not.toContain("react.transitional.element");
  expect(code).not.toMatch(/from\s*["'](?:react|react-dom)/);
  // The whole graph weighs less than React DOM alone (207 KB minified).
  expect(code.length).toBeLessThan(40_000);
});
