import { expect, test } from "bun:test";
import { testAgainstRichTextAllowList } from "../../shared/rich-text-sanitizer-tests.ts";
import { externalPlaceholder, externalResources } from "../inbox/external-resources.ts";
import { sanitizeMessageHtml } from "./message-html.tsx";

testAgainstRichTextAllowList(sanitizeMessageHtml);

test("every link opens in a new tab without a handle on the admin, whatever the text asked", () => {
  expect(sanitizeMessageHtml('<a href="https://acme.test/" target="_self" rel="opener">x</a>')).toBe(
    '<a href="https://acme.test/" target="_blank" rel="noopener noreferrer">x</a>',
  );
});

test("given the conversation's resources, a picture on another site is held back until allowed", () => {
  const html =
    '<p>Hi</p><img src="https://tracker.test/bot.png" alt="bot"><img src="/api/files/uploads/own.png">';
  const held = externalResources({
    own: ["https://admin.test"],
    base: "https://admin.test/dashboard",
    allowExternal: false,
  });
  expect(sanitizeMessageHtml(html, held)).toBe(
    `<p>Hi</p><img src="${externalPlaceholder}" alt="bot"><img src="https://admin.test/api/files/uploads/own.png">`,
  );
  expect([...held.found]).toEqual(["https://tracker.test/bot.png"]);
  const open = externalResources({
    own: ["https://admin.test"],
    base: "https://admin.test/dashboard",
    allowExternal: true,
  });
  expect(sanitizeMessageHtml(html, open)).toContain('src="https://tracker.test/bot.png"');
});
