import { describe, expect, test } from "bun:test";
import { Editor } from "@tiptap/core";
import { tipTapDocProblem } from "../../shared/rich-text-api.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { htmlToTipTapDoc } from "./html-tiptap-doc.ts";
import { editorExtensions } from "./tiptap-editor.tsx";

// The editor's schema, the server's check and the HTML conversion must agree: a document one of them
// makes, the others take as it is.

const openInEditor = (doc: TipTapDoc) => {
  const editor = new Editor({ extensions: editorExtensions, content: doc, enableContentCheck: true });
  try {
    return { json: editor.getJSON() as TipTapDoc, html: editor.getHTML() };
  } finally {
    editor.destroy();
  }
};

describe("the editor's schema", () => {
  test("stored HTML, converted, opens in the editor unchanged, and what the editor writes passes the server's check", () => {
    const doc = htmlToTipTapDoc(
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em>, <code>code</code> and <a href="https://example.com">a link</a>.<br>Next line</p>' +
        '<ul><li><p>One</p><ul><li>Nested</li></ul></li></ul><ol start="2"><li>Two</li></ol><blockquote><p>Quote</p></blockquote>' +
        '<pre><code>npm i</code></pre><hr><p>Before <img src="https://cdn.example/a.png" alt="A"> after</p>',
    );
    const opened = openInEditor(doc);
    expect(tipTapDocProblem(opened.json)).toBeNull();
    // The editor adds its attribute defaults (an image's width, a list's type); the structure and text stay.
    const shape = (node: unknown): unknown =>
      typeof node === "object" && node !== null
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([key]) => key !== "attrs")
              .map(([key, value]) => [key, Array.isArray(value) ? value.map(shape) : shape(value)]),
          )
        : node;
    expect(shape(opened.json)).toEqual(shape(doc));
  });

  test("pasted HTML keeps only images the server would keep", () => {
    const editor = new Editor({ extensions: editorExtensions });
    editor.commands.setContent(
      '<p>a</p><img src="x" onerror="alert(1)"><img src="https://cdn.example/b.png" alt="B">',
    );
    const images = (editor.getJSON().content ?? []).filter((node) => node.type === "image");
    editor.destroy();
    expect(images.map((image) => image.attrs?.src)).toEqual(["https://cdn.example/b.png"]);
  });

  test("the editor keeps headings to two levels and offers no strike-through or underline", () => {
    const opened = openInEditor({
      type: "doc",
      content: [{ type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Sub" }] }],
    });
    expect(opened.html).toBe("<h3>Sub</h3>");
    const editor = new Editor({ extensions: editorExtensions });
    const names = editor.extensionManager.extensions.map((extension) => extension.name);
    editor.destroy();
    expect(names).toContain("link");
    expect(names).toContain("image");
    expect(names).not.toContain("strike");
    expect(names).not.toContain("underline");
  });
});
