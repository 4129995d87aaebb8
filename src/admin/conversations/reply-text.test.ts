import { describe, expect, test } from "bun:test";
import { previewText, replyHtml } from "./reply-text.ts";

describe("reply text", () => {
  test("paragraphs and line breaks, everything escaped", () => {
    expect(replyHtml("Hi Ada,\r\nthanks!\n\n\nWhich <b>browser</b> & version?  ")).toBe(
      "<p>Hi Ada,<br>thanks!</p><p>Which &lt;b&gt;browser&lt;/b&gt; &amp; version?</p>",
    );
    expect(replyHtml('say "hi"')).toBe("<p>say &quot;hi&quot;</p>");
    expect(replyHtml(" \n \n")).toBe("");
  });

  test("previews read as one line of plain text", () => {
    expect(previewText("<p>Thanks! Which <strong>browser</strong>?</p><p>A &amp; B</p>", true)).toBe(
      "Thanks! Which browser? A & B",
    );
    expect(previewText("line one\n\n  line <two>", false)).toBe("line one line <two>");
    expect(previewText(replyHtml("a\nb"), true)).toBe("a b");
  });
});
