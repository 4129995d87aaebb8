import { describe, expect, test } from "bun:test";
import { snippetParts, unescapeHtml } from "./search-snippet.ts";

describe("snippetParts", () => {
  test("marked words between <mark> tags, everything else plain, entities read as characters", () => {
    expect(snippetParts("POST /api/<mark>checkout</mark> <mark>500</mark> &#60;b&#62; &amp; more")).toEqual([
      { text: "POST /api/", marked: false },
      { text: "checkout", marked: true },
      { text: " ", marked: false },
      { text: "500", marked: true },
      { text: " <b> & more", marked: false },
    ]);
  });

  test("markup other than <mark> stays text", () => {
    expect(snippetParts('<img src=x onerror="alert(1)"><mark>a</mark>')).toEqual([
      { text: '<img src=x onerror="alert(1)">', marked: false },
      { text: "a", marked: true },
    ]);
  });

  test("unknown or invalid entities are kept as written", () => {
    expect(unescapeHtml("&bogus; &#0; &#xD800; &#x1F642;")).toBe("&bogus; &#0; &#xD800; 🙂");
  });
});
