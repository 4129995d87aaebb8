import { describe, expect, test } from "bun:test";
import { tipTapDocProblem } from "../../shared/rich-text-api.ts";
import { tipTapToHtml } from "../../shared/tiptap-html.ts";
import { htmlToTipTapDoc } from "./html-tiptap-doc.ts";

const text = (value: string, ...marks: string[]) =>
  marks.length > 0
    ? { type: "text", text: value, marks: marks.map((type) => ({ type })) }
    : { type: "text", text: value };

describe("htmlToTipTapDoc", () => {
  test("a stored news body opens as the document it reads as, and renders back to the same HTML", () => {
    const html =
      '<h2>Offline spaces</h2><p>Work <strong>without</strong> a <em>network</em>, see <a href="https://example.com/docs">the docs</a>.</p>' +
      '<ul><li><p>Sync later</p></li><li><p>Keep <code>drafts</code></p></li></ul><ol start="3"><li><p>Third</p></li></ol>' +
      '<blockquote><p>Quoted</p></blockquote><pre><code>npm i</code></pre><hr><img src="https://cdn.example/a.png" alt="A">';
    const doc = htmlToTipTapDoc(html);
    expect(tipTapDocProblem(doc)).toBeNull();
    expect(doc.content?.[0]).toEqual({
      type: "heading",
      attrs: { level: 2 },
      content: [text("Offline spaces")],
    });
    expect(doc.content?.[1]?.content?.[3]).toEqual({
      type: "text",
      text: "network",
      marks: [{ type: "italic" }],
    });
    expect(tipTapToHtml(doc)).toBe(
      '<h2>Offline spaces</h2><p>Work <strong>without</strong> a <em>network</em>, see <a href="https://example.com/docs" rel="noopener noreferrer nofollow">the docs</a>.</p>' +
        '<ul><li><p>Sync later</p></li><li><p>Keep <code>drafts</code></p></li></ul><ol start="3"><li><p>Third</p></li></ol>' +
        '<blockquote><p>Quoted</p></blockquote><pre><code>npm i</code></pre><hr><img src="https://cdn.example/a.png" alt="A">',
    );
  });

  test("plain text (a notification's) becomes one paragraph with its spaces collapsed", () => {
    expect(htmlToTipTapDoc("Hi {{name}},\n  welcome back")).toEqual({
      type: "doc",
      content: [{ type: "paragraph", content: [text("Hi {{name}}, welcome back")] }],
    });
  });

  test("nothing, or only whitespace, is one empty paragraph", () => {
    for (const html of ["", "  \n", "<p> </p>"])
      expect(htmlToTipTapDoc(html)).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });

  test("headings fit the editor's two levels, and line breaks and nested marks are kept", () => {
    const doc = htmlToTipTapDoc("<h1>One</h1><h4>Four</h4><p><b><i>both</i></b><br>next</p>");
    expect(doc.content).toEqual([
      { type: "heading", attrs: { level: 2 }, content: [text("One")] },
      { type: "heading", attrs: { level: 3 }, content: [text("Four")] },
      { type: "paragraph", content: [text("both", "bold", "italic"), { type: "hardBreak" }, text("next")] },
    ]);
  });

  test("an image inside a paragraph stands on its own between the paragraph's parts", () => {
    const doc = htmlToTipTapDoc('<p>Before <img src="https://cdn.example/b.png" alt="B"> after</p>');
    expect(doc.content).toEqual([
      { type: "paragraph", content: [text("Before")] },
      { type: "image", attrs: { src: "https://cdn.example/b.png", alt: "B" } },
      { type: "paragraph", content: [text("after")] },
    ]);
    expect(tipTapDocProblem(doc)).toBeNull();
  });

  test("scripts, styles and unsafe addresses leave nothing that could run; unknown tags keep their text", () => {
    const doc = htmlToTipTapDoc(
      '<script>alert(1)</script><style>p{}</style><p onclick="x()"><a href="javascript:alert(1)">click</a> <u>under</u></p>' +
        '<img src="data:image/svg+xml,<svg onload=alert(1)>"><table><tr><td>cell</td></tr></table>',
    );
    expect(doc.content).toEqual([
      { type: "paragraph", content: [text("click under")] },
      { type: "paragraph", content: [text("cell")] },
    ]);
    expect(tipTapDocProblem(doc)).toBeNull();
  });

  test("list items start with a paragraph even when their HTML starts with a list", () => {
    const doc = htmlToTipTapDoc("<ul><li><ul><li>inner</li></ul></li></ul>");
    expect(tipTapDocProblem(doc)).toBeNull();
    expect(doc.content?.[0]?.content?.[0]?.content?.[0]).toEqual({ type: "paragraph" });
  });
});
