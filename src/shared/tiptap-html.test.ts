import { describe, expect, test } from "bun:test";
import { convertTipTapDocs, safeLinkUrl, tipTapToHtml } from "./tiptap-html.ts";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (value: string, marks?: unknown[]) => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
const link = (href: string, target?: string) => ({
  type: "link",
  attrs: { href, ...(target ? { target } : {}) },
});

describe("tipTapToHtml", () => {
  test("paragraphs, headings, lists, quotes, code, rules and breaks become their tags", () => {
    const html = tipTapToHtml(
      doc(
        { type: "heading", attrs: { level: 2 }, content: [text("Welcome")] },
        paragraph(text("one"), { type: "hardBreak" }, text("two")),
        { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("a"))] }] },
        {
          type: "orderedList",
          attrs: { start: 3 },
          content: [{ type: "listItem", content: [paragraph(text("b"))] }],
        },
        { type: "blockquote", content: [paragraph(text("quoted"))] },
        { type: "codeBlock", content: [text("let x = 1;")] },
        { type: "horizontalRule" },
      ),
    );
    expect(html).toBe(
      "<h2>Welcome</h2><p>one<br>two</p><ul><li><p>a</p></li></ul>" +
        '<ol start="3"><li><p>b</p></li></ol><blockquote><p>quoted</p></blockquote>' +
        "<pre><code>let x = 1;</code></pre><hr>",
    );
  });

  test("heading levels are kept within 1 to 6", () => {
    expect(tipTapToHtml({ type: "heading", attrs: { level: 9 }, content: [text("x")] })).toBe("<h6>x</h6>");
    expect(tipTapToHtml({ type: "heading", attrs: { level: "x" }, content: [text("x")] })).toBe("<h1>x</h1>");
  });

  test("marks wrap the text", () => {
    const marks = [
      { type: "bold" },
      { type: "italic" },
      { type: "underline" },
      { type: "strike" },
      { type: "code" },
    ];
    expect(tipTapToHtml(paragraph(text("x", marks)))).toBe(
      "<p><code><s><u><em><strong>x</strong></em></u></s></code></p>",
    );
  });

  test("text and attributes are escaped", () => {
    expect(tipTapToHtml(paragraph(text(`<script>alert("x")</script> & 'y'`)))).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>",
    );
    expect(tipTapToHtml(paragraph(text("go", [link('https://a.example/?q="><script>')])))).toBe(
      '<p><a href="https://a.example/?q=&quot;&gt;&lt;script&gt;" rel="noopener noreferrer nofollow">go</a></p>',
    );
  });

  test("links keep http(s), mailto and relative targets and open new tabs only when asked", () => {
    expect(tipTapToHtml(text("x", [link("https://a.example", "_blank")]))).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(tipTapToHtml(text("x", [link("/docs#top", "_parent")]))).toBe(
      '<a href="/docs#top" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(safeLinkUrl("mailto:help@example.com")).toBe("mailto:help@example.com");
    expect(safeLinkUrl("HTTPS://A.example")).toBe("HTTPS://A.example");
  });

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ])("a %p link is dropped and its text kept", (href) => {
    expect(tipTapToHtml(paragraph(text("click", [link(href)])))).toBe("<p>click</p>");
  });

  test("images load only from http(s) and escape their attributes", () => {
    expect(
      tipTapToHtml({ type: "image", attrs: { src: "https://cdn.example/a.png", alt: 'a "b"', title: "t" } }),
    ).toBe('<img src="https://cdn.example/a.png" alt="a &quot;b&quot;" title="t">');
    expect(tipTapToHtml({ type: "image", attrs: { src: "javascript:alert(1)" } })).toBe("");
    expect(tipTapToHtml({ type: "image", attrs: { src: "data:image/png;base64,AAAA" } })).toBe("");
    expect(tipTapToHtml({ type: "image", attrs: { src: "/relative.png" } })).toBe("");
  });

  test("unknown nodes render their children and unknown marks are ignored", () => {
    const html = tipTapToHtml(
      doc({
        type: "callout",
        attrs: { onclick: "x" },
        content: [paragraph(text("inside", [{ type: "glow" }]))],
      }),
    );
    expect(html).toBe("<p>inside</p>");
  });

  test("what is not a node, or not well formed, renders nothing rather than throwing", () => {
    expect(tipTapToHtml(null)).toBe("");
    expect(tipTapToHtml("text")).toBe("");
    expect(tipTapToHtml({ type: "paragraph", content: "nope" })).toBe("<p></p>");
    expect(tipTapToHtml({ type: "text", text: 42 })).toBe("");
    expect(tipTapToHtml(paragraph(text("x", "bold" as unknown as unknown[])))).toBe("<p>x</p>");
  });

  test("very deep documents are cut instead of overflowing the stack", () => {
    let node: unknown = text("deep");
    for (let i = 0; i < 10_000; i++) node = { type: "blockquote", content: [node] };
    const html = tipTapToHtml(node);
    expect(html.startsWith("<blockquote>")).toBe(true);
    expect(html).not.toContain("deep");
  });
});

describe("convertTipTapDocs", () => {
  test("replaces every TipTap document in a structure by its HTML and keeps the rest", () => {
    const converted = convertTipTapDocs({
      title: "Plain",
      message: doc(paragraph(text("Hello"))),
      steps: [{ id: "a", description: doc(paragraph(text("Step <a>"))), count: 2 }],
    });
    expect(converted).toEqual({
      title: "Plain",
      message: "<p>Hello</p>",
      steps: [{ id: "a", description: "<p>Step &lt;a&gt;</p>", count: 2 }],
    });
  });
});
