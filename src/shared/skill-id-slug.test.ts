import { expect, test } from "bun:test";
import { skillIdSlug } from "./skill-id-slug.ts";

test("a skill id part follows the API's id rule", () => {
  expect(skillIdSlug("  Künstliche Intelligenz & ML ")).toBe("kunstliche-intelligenz-ml");
  expect(skillIdSlug("C++")).toBe("c");
  expect(skillIdSlug("🚀")).toBe("");
  // Cut to 40 characters, and a hyphen left at the cut is dropped.
  expect(skillIdSlug(`${"a".repeat(39)} b`)).toBe("a".repeat(39));
});
