import { describe, expect, test } from "bun:test";
import { slugFromTitle } from "./help-slug.ts";

describe("help article slugs", () => {
  test("slugs from titles: lower-case ASCII words joined by dashes", () => {
    expect(slugFromTitle("Reset your password!")).toBe("reset-your-password");
    expect(slugFromTitle("  Größe ändern — schnell ")).toBe("grosse-andern-schnell");
    expect(slugFromTitle("???")).toBe("");
    expect(slugFromTitle(`${"word ".repeat(40)}`).length).toBeLessThanOrEqual(120);
    expect(slugFromTitle(`${"word ".repeat(40)}`).endsWith("-")).toBe(false);
  });
});
