import { expect, test } from "bun:test";
import { testAgainstRichTextAllowList } from "../../shared/rich-text-sanitizer-tests.ts";
import { sanitizeMessageHtml } from "./message-html.tsx";

testAgainstRichTextAllowList(sanitizeMessageHtml);

test("every link opens in a new tab without a handle on the admin, whatever the text asked", () => {
  expect(sanitizeMessageHtml('<a href="https://acme.test/" target="_self" rel="opener">x</a>')).toBe(
    '<a href="https://acme.test/" target="_blank" rel="noopener noreferrer">x</a>',
  );
});
