import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { applyVendorPatches, vendorPerformancePatches } from "./vendor-performance-patches.ts";

const shepherd = join(
  import.meta.dir,
  "..",
  "..",
  "node_modules",
  "shepherd.js",
  "dist",
  "esm",
  "shepherd.mjs",
);

describe("vendorPerformancePatches", () => {
  test("Shepherd's overlay no longer measures on every frame: it follows the element through autoUpdate", async () => {
    const source = await Bun.file(shepherd).text();
    const patched = applyVendorPatches(source, vendorPerformancePatches, shepherd);
    const styleForStep = patched.slice(patched.indexOf("function _styleForStep"));
    const rafLoop = styleForStep.slice(0, styleForStep.indexOf("_addStepEventListeners();"));
    // The loop no longer schedules itself; a frame is asked for only by autoUpdate's callback.
    expect(rafLoop).not.toMatch(/positionModal\([^;]*\);\s*rafId = requestAnimationFrame\(rafLoop\)/);
    expect(rafLoop).toContain("stopFollowingOpening = autoUpdate(step.target");
    expect(rafLoop).toContain("if (!rafId) rafId = requestAnimationFrame(rafLoop);");
    // Leaving a step stops following its element.
    const cleanup = patched.slice(patched.indexOf("function _cleanupStepEventListeners"));
    expect(cleanup.slice(0, 200)).toContain("stopFollowingOpening();");
    expect(patched).toContain("let stopFollowingOpening = () => {};");
  });

  test("a Shepherd without the patched text fails the build rather than shipping unpatched", () => {
    expect(() => applyVendorPatches("export const x = 1;", vendorPerformancePatches, shepherd)).toThrow(
      /no longer contains/,
    );
  });

  test("other files are left as they are", () => {
    expect(applyVendorPatches("const x = 1;", vendorPerformancePatches, "/node_modules/react/index.js")).toBe(
      "const x = 1;",
    );
  });
});
