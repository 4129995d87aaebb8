import { expect, test } from "bun:test";
import { isBlankHtml } from "./blank-html.ts";

test("markup around whitespace, or nothing at all, is blank; an image or any text is not", () => {
  const blankness: Record<string, boolean> = {
    "<p> &nbsp;</p>": true,
    "": true,
    '<p><img src="/a.png"></p>': false,
    "<p>x</p>": false,
  };
  for (const [html, blank] of Object.entries(blankness)) expect(isBlankHtml(html)).toBe(blank);
  // A text the server left out (a checklist step without a description).
  expect(isBlankHtml(undefined)).toBe(true);
});
