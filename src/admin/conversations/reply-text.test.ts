import { describe, expect, test } from "bun:test";
import { previewText } from "./reply-text.ts";

describe("reply text", () => {
  test("previews read as one line of plain text", () => {
    expect(previewText("<p>Thanks! Which <strong>browser</strong>?</p><p>A &amp; B</p>", true)).toBe(
      "Thanks! Which browser? A & B",
    );
    expect(previewText("line one\n\n  line <two>", false)).toBe("line one line <two>");
    expect(previewText("<p>a<br>b</p>", true)).toBe("a b");
  });
});
