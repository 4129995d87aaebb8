import { describe, expect, test } from "bun:test";
import { replyMarkdownToHtml } from "./reply-markdown.ts";

const rel = 'rel="noopener noreferrer nofollow"';

describe("replyMarkdownToHtml", () => {
  test("paragraphs at blank lines, a single line break kept", () => {
    expect(replyMarkdownToHtml("Hi Maya,\nthanks!\n\n  \nBye")).toBe("<p>Hi Maya,<br>thanks!</p><p>Bye</p>");
    expect(replyMarkdownToHtml("a\r\n\r\nb")).toBe("<p>a</p><p>b</p>");
    expect(replyMarkdownToHtml("  \n\n ")).toBe("");
  });

  test("bold, italic and code", () => {
    expect(replyMarkdownToHtml("This is **really** fixed")).toBe(
      "<p>This is <strong>really</strong> fixed</p>",
    );
    expect(replyMarkdownToHtml("__also__ bold, *soft* and _soft_ too, `npm i`")).toBe(
      "<p><strong>also</strong> bold, <em>soft</em> and <em>soft</em> too, <code>npm i</code></p>",
    );
    // Not emphasis: markers with space inside, a lone star, snake_case and 2 * 3 * 4.
    expect(replyMarkdownToHtml("** not ** a * b snake_case_name 2 * 3 * 4")).toBe(
      "<p>** not ** a * b snake_case_name 2 * 3 * 4</p>",
    );
  });

  test("links: written with a label or bare, http(s) and mailto only", () => {
    expect(replyMarkdownToHtml("See [the **guide**](https://acme.example/help?a=1&b=2).")).toBe(
      `<p>See <a href="https://acme.example/help?a=1&amp;b=2" ${rel}>the <strong>guide</strong></a>.</p>`,
    );
    expect(
      replyMarkdownToHtml("Go to https://acme.example/x_y_z. Or mail [us](mailto:help@acme.example)"),
    ).toBe(
      `<p>Go to <a href="https://acme.example/x_y_z" ${rel}>https://acme.example/x_y_z</a>. Or mail <a href="mailto:help@acme.example" ${rel}>us</a></p>`,
    );
    expect(replyMarkdownToHtml("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
    expect(replyMarkdownToHtml('[x](https://a.example/"onmouseover="alert(1))')).not.toContain(
      '"onmouseover',
    );
  });

  test("bulleted and numbered lists, next to paragraphs", () => {
    expect(replyMarkdownToHtml("Steps:\n1. Open **Settings**\n2) Save\n- one\n* two\nDone")).toBe(
      "<p>Steps:</p><ol><li>Open <strong>Settings</strong></li><li>Save</li></ol><ul><li>one</li><li>two</li></ul><p>Done</p>",
    );
  });

  test("typed HTML is text, never markup", () => {
    expect(replyMarkdownToHtml('<script>alert(1)</script> <img src=x onerror="alert(1)"> <b>b</b>')).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;b&lt;/b&gt;</p>",
    );
    expect(replyMarkdownToHtml("AT&T &amp; <3")).toBe("<p>AT&amp;T &amp;amp; &lt;3</p>");
  });
});
