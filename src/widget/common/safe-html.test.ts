import { describe, expect, test } from "bun:test";
import { testAgainstRichTextAllowList } from "../../shared/rich-text-sanitizer-tests.ts";
import { safeHtml } from "./safe-html.ts";

testAgainstRichTextAllowList((html) => safeHtml(html));

describe("safeHtml", () => {
  test("keeps formatting, lists, headings and checked links and images", () => {
    expect(safeHtml("<h3>Plans</h3><p>Pick <strong>one</strong> <em>now</em></p><ul><li>a</li></ul>")).toBe(
      "<h3>Plans</h3><p>Pick <strong>one</strong> <em>now</em></p><ul><li>a</li></ul>",
    );
    expect(safeHtml('<a href="https://acme.test/x" onclick="evil()">x</a>')).toBe(
      '<a href="https://acme.test/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(safeHtml('<a href="/demo/pricing">p</a>')).toBe(
      '<a href="/demo/pricing" rel="noopener noreferrer">p</a>',
    );
    expect(
      safeHtml('<img src="https://cdn.test/a.png" alt="A" width="40" height="x" onerror="evil()">'),
    ).toBe('<img src="https://cdn.test/a.png" alt="A" width="40">');
  });

  test("drops scripts, handlers, styles, dangerous links and unknown elements (their text stays)", () => {
    expect(safeHtml('<p style="color:red" class="x">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(safeHtml('<a href="//evil.test">x</a>')).toBe("<a>x</a>");
    expect(safeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe("");
    expect(safeHtml('<marquee>moving <b>text</b></marquee><object data="x">inner</object>')).toBe(
      "moving <b>text</b>",
    );
    expect(safeHtml("<svg><script>alert(1)</script></svg>")).toBe("");
    expect(safeHtml("<math><mi>x</mi></math>ok")).toBe("ok");
  });
});
