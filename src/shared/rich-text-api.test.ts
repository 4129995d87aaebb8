import { describe, expect, test } from "bun:test";
import { richBody, TipTapDocument, tipTapDocProblem } from "./rich-text-api.ts";
import { validateUntrusted } from "./untrusted-validation.ts";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });

describe("tipTapDocProblem", () => {
  test("what the editor writes passes: headings, marks, links, lists, code, images, empty paragraphs", () => {
    const written = doc(
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] },
      paragraph(
        { type: "text", text: "bold", marks: [{ type: "bold" }, { type: "italic" }] },
        {
          type: "text",
          text: "docs",
          marks: [{ type: "link", attrs: { href: "https://example.com", target: null } }],
        },
        { type: "hardBreak" },
        { type: "text", text: "x", marks: [{ type: "code" }] },
      ),
      {
        type: "bulletList",
        content: [{ type: "listItem", content: [paragraph({ type: "text", text: "a" })] }],
      },
      { type: "orderedList", attrs: { start: 1, type: null }, content: [] },
      { type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: "npm i" }] },
      { type: "image", attrs: { src: "https://cdn.example/a.png", alt: "A", title: null } },
      { type: "paragraph" },
    );
    expect(tipTapDocProblem(written)).toBeNull();
    expect(tipTapDocProblem({ type: "doc" })).toBeNull();
  });

  test.each([
    ["not a document", "<p>x</p>", "must be a TipTap document"],
    ["another root", { type: "paragraph" }, "must be a TipTap document"],
    ["content that is not a list", { type: "doc", content: {} }, "doc.content must be a list"],
    [
      "an unknown node",
      doc({ type: "iframe", attrs: { src: "https://evil.example" } }),
      'unknown node type "iframe"',
    ],
    [
      "an unknown mark",
      doc(paragraph({ type: "text", text: "x", marks: [{ type: "style" }] })),
      'unknown mark type "style"',
    ],
    [
      "a javascript: link",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
        }),
      ),
      "must link to a web, mail or relative address",
    ],
    [
      "an image from data:",
      doc({ type: "image", attrs: { src: "data:image/png;base64,AA" } }),
      "http(s) address",
    ],
    ["a text node without text", doc(paragraph({ type: "text" })), "must have a text"],
    ["a heading level 9", doc({ type: "heading", attrs: { level: 9 } }), "heading level from 1 to 6"],
    ["a node that is a string", doc("<script>"), "must be a node with a type"],
  ])("refuses %s, naming where", (_, value, message) => {
    expect(tipTapDocProblem(value)).toContain(message);
  });

  test("documents nested past the bound or too long are refused without overflowing", () => {
    let deep: Record<string, unknown> = { type: "text", text: "x" };
    for (let level = 0; level < 5000; level += 1) deep = { type: "blockquote", content: [deep] };
    expect(tipTapDocProblem(doc(deep))).toContain("nested more than");
    const long = doc(paragraph({ type: "text", text: "x".repeat(200_001) }));
    expect(tipTapDocProblem(long)).toContain("at most 200000 characters");
  });

  test("a document that cannot be written as JSON is refused rather than thrown on", () => {
    const cyclic: Record<string, unknown> = { type: "doc" };
    cyclic.content = [cyclic];
    expect(tipTapDocProblem(cyclic)).toContain("JSON");
  });
});

describe("richBody", () => {
  test("takes HTML text within its length or a valid document, with the document's problem as message", () => {
    expect(validateUntrusted("<p>Hi</p>", richBody(20))[0]).toBeUndefined();
    expect(validateUntrusted("x".repeat(21), richBody(20))[0]?.message).toContain("at most 20 characters");
    expect(validateUntrusted(doc(paragraph({ type: "text", text: "Hi" })), richBody(20))[0]).toBeUndefined();
    expect(validateUntrusted(doc({ type: "video" }), richBody())[0]?.message).toContain(
      'unknown node type "video"',
    );
    expect(validateUntrusted(42, richBody())[0]?.message).toContain("must be a TipTap document");
    expect(validateUntrusted("<p>Hi</p>", TipTapDocument)[0]?.message).toContain("must be a TipTap document");
  });
});
