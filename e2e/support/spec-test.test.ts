import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Every spec takes `test` from spec-test.ts: one taken from Playwright itself would run without the
// failure screenshots, since the configuration turns Playwright's own off.
const folder = join(import.meta.dir, "..");
const specs = readdirSync(folder).filter((name) => name.endsWith(".e2e.ts"));

describe("browser specs", () => {
  test("there are specs to check", () => {
    expect(specs.length).toBeGreaterThan(50);
  });

  test("each takes its test from spec-test.ts, none from @playwright/test", () => {
    const wrong = specs.filter((name) => {
      const source = readFileSync(join(folder, name), "utf8");
      const fromPlaywright = /import \{([^}]*)\} from "@playwright\/test"/.exec(source)?.[1] ?? "";
      const takesPlaywrightTest = fromPlaywright.split(",").some((entry) => entry.trim() === "test");
      return takesPlaywrightTest || !source.includes('import { test } from "./support/spec-test.ts";');
    });
    expect(wrong).toEqual([]);
  });
});
