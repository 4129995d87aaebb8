import { expect, test } from "bun:test";
import { testAgainstRichTextAllowList } from "../../shared/rich-text-sanitizer-tests.ts";
import { sanitizeHtml } from "./sanitize-html.ts";

testAgainstRichTextAllowList(sanitizeHtml);

test("anything but a non-empty string is empty", () => {
  expect(sanitizeHtml(undefined)).toBe("");
  expect(sanitizeHtml(42)).toBe("");
  expect(sanitizeHtml("")).toBe("");
});
