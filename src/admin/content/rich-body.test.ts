import { describe, expect, test } from "bun:test";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { readRichBody, richBodyHtml, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

const hello: TipTapDoc = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Hello", marks: [{ type: "bold" }] }] }],
};

describe("rich bodies in the content forms", () => {
  test("a stored document opens as it is, stored HTML as the document it reads as, nothing as null", () => {
    expect(readRichBody(hello)).toBe(hello);
    expect(readRichBody("<p><strong>Hello</strong></p>")).toEqual(hello);
    expect(readRichBody("")).toBeNull();
    expect(readRichBody("   ")).toBeNull();
    expect(readRichBody(undefined)).toBeNull();
    expect(readRichBody({ type: "paragraph" })).toBeNull();
  });

  test("the editor's empty document, or one of spaces, is empty; an image or a rule alone is not", () => {
    expect(richBodyIsEmpty(null)).toBe(true);
    expect(richBodyIsEmpty({ type: "doc", content: [{ type: "paragraph" }] })).toBe(true);
    expect(
      richBodyIsEmpty({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "  " }] }],
      }),
    ).toBe(true);
    expect(
      richBodyIsEmpty({
        type: "doc",
        content: [{ type: "image", attrs: { src: "https://a.example/i.png" } }],
      }),
    ).toBe(false);
    expect(richBodyIsEmpty({ type: "doc", content: [{ type: "horizontalRule" }] })).toBe(false);
    expect(richBodyIsEmpty(hello)).toBe(false);
  });

  test("an empty body is not stored; the preview renders the document as the server does", () => {
    expect(writtenRichBody({ type: "doc", content: [{ type: "paragraph" }] })).toBeUndefined();
    expect(writtenRichBody(hello)).toBe(hello);
    expect(richBodyHtml(hello)).toBe("<p><strong>Hello</strong></p>");
    expect(richBodyHtml(null)).toBe("");
  });
});
