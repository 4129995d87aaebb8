import { describe, expect, test } from "bun:test";
import { parseInertHtml, withoutStyleAttributes } from "./inert-html.ts";

describe("withoutStyleAttributes", () => {
  test("takes style attributes out of start tags, whatever their quoting and case", () => {
    expect(withoutStyleAttributes('<p style="color:red">a</p>')).toBe("<p>a</p>");
    expect(withoutStyleAttributes("<p class='x' STYLE='color:red' id=y>a</p>")).toBe(
      "<p class='x' id=y>a</p>",
    );
    expect(withoutStyleAttributes("<b style=color:red>a</b>")).toBe("<b>a</b>");
    expect(withoutStyleAttributes('<img src="a.png" style = "width:1px"/>')).toBe('<img src="a.png"/>');
  });

  test("leaves text, other attributes and values that merely contain the word alone", () => {
    const kept = '<a title="x style=y > z" href="/s">style="not an attribute"</a> 1 < 2 style=3';
    expect(withoutStyleAttributes(kept)).toBe(kept);
    expect(withoutStyleAttributes('<p data-style="a" styles="b">c</p>')).toBe(
      '<p data-style="a" styles="b">c</p>',
    );
  });

  test("a `>` inside a quoted value does not end the tag", () => {
    expect(withoutStyleAttributes('<a title="a>b" style="color:red">c</a>')).toBe('<a title="a>b">c</a>');
  });
});

describe("parseInertHtml", () => {
  test("parses the rest as HTML, without the style attributes", () => {
    const doc = parseInertHtml('<p style="color:red" class="lead">Hi <b style="x">you</b></p>');
    const p = doc.querySelector("p");
    expect(p?.getAttribute("class")).toBe("lead");
    expect(p?.hasAttribute("style")).toBe(false);
    expect(doc.querySelector("b")?.hasAttribute("style")).toBe(false);
    expect(doc.body.textContent).toBe("Hi you");
  });
});

describe("withoutStyleAttributes on long input", () => {
  test("a page of unclosed tags is read in linear time", () => {
    const input = "<a b=c ".repeat(50_000);
    const started = performance.now();
    expect(withoutStyleAttributes(input)).toBe(input);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
