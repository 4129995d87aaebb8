import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { applyVendorPatch, vendorCspPatches } from "./vendor-csp-patches.ts";

const root = join(import.meta.dir, "..", "..");
const vendorFiles: Record<string, string> = {
  rrweb: join(root, "node_modules", "@rrweb", "record", "dist", "record.js"),
};

describe("vendorCspPatches", () => {
  test("each installed vendor file is matched by its patch and holds the text it replaces", async () => {
    const path = vendorFiles.rrweb as string;
    const patch = vendorCspPatches.find((candidate) => candidate.file.test(path));
    expect(patch).toBeDefined();
    const patched = applyVendorPatch(
      await Bun.file(path).text(),
      patch as (typeof vendorCspPatches)[number],
      path,
    );
    expect(patched).toContain("old.style.cssText = m.oldValue;");
    expect(patched).not.toContain('setAttribute("style"');
  });

  test("a file without the text fails the build rather than shipping unpatched", () => {
    const [patch] = vendorCspPatches;
    expect(() =>
      applyVendorPatch("export const x = 1;", patch as (typeof vendorCspPatches)[number], "x.js"),
    ).toThrow(/no longer contains/);
  });
});
