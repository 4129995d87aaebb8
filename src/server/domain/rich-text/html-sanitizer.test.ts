import { describe, expect, test } from "bun:test";
import { expectAnswers, expectSameAnswer } from "../../../shared/test-support/answer-cases.ts";
import { decodeEntities, htmlToText, sanitizeHtml } from "./html-sanitizer.ts";

describe("sanitizeHtml", () => {
  test("keeps the allowed tags and their text", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em>, <b>b</b>, <i>i</i>, <u>u</u> and <code>code</code>.</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre>pre</pre><hr><br><h3>x</h3><h4>y</h4>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  test("drops scripts, styles and frames with their content", () => {
    expectAnswers(sanitizeHtml, [
      ["<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"],
      ["<p>a<SCRIPT type=module>alert(1)</SCRIPT >b</p>", "<p>ab</p>"],
      ["<style>p{color:red}</style><p>x</p>", "<p>x</p>"],
      ['<iframe src="https://evil.example"></iframe>ok', "ok"],
      ["<script/>alert(1)</script>after", "after"],
      ["<svg><script>alert(1)</script></svg>x", "x"],
      ["<textarea><img src=x onerror=alert(1)></textarea>y", "y"],
      ["<script>never closed", ""],
    ]);
  });

  test("drops event handlers, styles and unknown attributes", () => {
    expectAnswers(sanitizeHtml, [
      ['<p onclick="alert(1)" style="color:red" class="x" id="y">hi</p>', "<p>hi</p>"],
      [
        '<img src="https://cdn.example/a.png" onerror="alert(1)" alt="A">',
        '<img src="https://cdn.example/a.png" alt="A">',
      ],
      ["<img src=x onerror=alert(1)>", ""],
    ]);
  });

  test("links: http(s) and mailto only, with rel; other schemes lose the href", () => {
    expect(sanitizeHtml('<a href="https://acme.example/help" title="Help">help</a>')).toBe(
      '<a href="https://acme.example/help" title="Help" rel="noopener noreferrer nofollow">help</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@acme.example">mail</a>')).toContain(
      'href="mailto:help@acme.example"',
    );
    for (const href of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "javascript&#58;alert(1)",
      "&#106;avascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "/relative",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    }
  });

  test("images: https sources only", () => {
    const image = (src: string) => sanitizeHtml(`<img src="${src}">`);
    // A development server's own uploads (plain http on a loopback address), and nothing else over http.
    const ownUpload = "http://localhost:3000/api/files/uploads/a.png";
    expect(image(ownUpload)).toBe(`<img src="${ownUpload}">`);
    const refused = [
      "http://cdn.example/a.png",
      "http://localhost:3000/admin/a.png",
      "http://localhost:3000/api/files/uploads/../../admin",
      "http://localhost.evil.example/api/files/uploads/a.png",
      "data:image/svg+xml,<svg onload=alert(1)>",
    ];
    expectSameAnswer(image, refused, "");
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" width="120" height="abc">')).toBe(
      '<img src="https://cdn.example/a.png" width="120">',
    );
  });

  test("attribute values are re-quoted and escaped, so nothing breaks out of them", () => {
    const rel = 'rel="noopener noreferrer nofollow"';
    expectAnswers(sanitizeHtml, [
      [
        `<a href='https://x.example/"><script>alert(1)</script>'>x</a>`,
        `<a href="https://x.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" ${rel}>x</a>`,
      ],
      ["<a href=https://x.example/a title=t>x</a>", `<a href="https://x.example/a" title="t" ${rel}>x</a>`],
    ]);
  });

  test("unknown tags go and their text stays; headings move into range", () => {
    expectAnswers(sanitizeHtml, [
      ['<div class="x"><span>a</span> <table><tr><td>b</td></tr></table></div>', "a b"],
      ["<h1>Top</h1><h6>Low</h6>", "<h2>Top</h2><h4>Low</h4>"],
    ]);
  });

  test("text is escaped; entities stay; comments and doctypes go", () => {
    const entities = "&lt;script&gt; &amp; &copy; &#169; &#xA9;";
    expectAnswers(sanitizeHtml, [
      ["a < b & c > d", "a &lt; b &amp; c &gt; d"],
      [entities, entities],
      ["<!-- <script>alert(1)</script> -->ok<!doctype html>", "ok"],
      ["<!--><img src=x onerror=alert(1)>-->x", "x"],
    ]);
  });

  test("the output is balanced: open tags closed, stray end tags dropped", () => {
    expectAnswers(sanitizeHtml, [
      ["<p><strong>bold", "<p><strong>bold</strong></p>"],
      ["</p>text</strong>", "text"],
      ["<ul><li>a<li>b</ul>", "<ul><li>a<li>b</li></li></ul>"],
    ]);
  });

  test("sanitizing twice changes nothing more", () => {
    const once = sanitizeHtml(
      '<p onclick="x">a <a href="https://x.example">b</a><script>c</script> &amp; <b>d</p>',
    );
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe("htmlToText and decodeEntities", () => {
  test("plain text with blocks on their own lines and entities decoded", () => {
    expect(
      htmlToText("<h2>Title</h2><p>One &amp; two</p><ul><li>a</li><li>b</li></ul><script>x</script>"),
    ).toBe("Title\nOne & two\na\nb");
    expect(htmlToText('<p>A picture: <img src="https://x.example/a.png" alt="diagram"></p>')).toBe(
      "A picture: diagram",
    );
  });

  test("numeric and named entities, and unknown ones left alone", () => {
    expect(decodeEntities("&#106;&#x61;&colon;&nbsp;&unknownentity;")).toBe("ja:\u00a0&unknownentity;");
    expect(decodeEntities("&#0;&#xD800;")).toBe("\ufffd\ufffd");
  });
});
