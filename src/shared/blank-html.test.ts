import { describe, expect, test } from "bun:test";
import { isBlankHtml } from "./blank-html.ts";

describe("isBlankHtml", () => {
  test("blank texts", () => {
    expect(isBlankHtml("<p> &nbsp;</p>")).toBe(true);
    expect(isBlankHtml("")).toBe(true);
    expect(isBlankHtml('<p><img src="/a.png"></p>')).toBe(false);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
  });
});
