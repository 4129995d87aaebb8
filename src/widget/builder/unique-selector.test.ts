import { afterEach, describe, expect, test } from "bun:test";
import { cssEscape, selectorFor, uniqueSelector } from "./unique-selector.ts";

function page(html: string) {
  document.body.innerHTML = html;
}

const one = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};

/** Every answer must find exactly the element it was made for. */
function expectFinds(selector: string | null, element: Element) {
  expect(selector).not.toBeNull();
  const found = document.querySelectorAll(selector as string);
  expect(found.length).toBe(1);
  expect(found[0]).toBe(element);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("selectorFor", () => {
  test("prefers the element's data-gleap-tour mark", () => {
    page(`<main id="app"><button data-gleap-tour="save-button" id="save">Save</button></main>`);
    const button = one("button");
    expect(selectorFor(button)).toBe('[data-gleap-tour="save-button"]');
    expectFinds(selectorFor(button), button);
  });

  test("a click on a marked button's icon picks the button", () => {
    page(`<button data-gleap-tour="menu"><span><svg></svg></span></button>`);
    expect(selectorFor(one("svg"))).toBe('[data-gleap-tour="menu"]');
  });

  test("quotes marks with spaces and apostrophes", () => {
    page(`<div data-gleap-tour="step one's target"></div>`);
    expectFinds(selectorFor(one("div")), one("div"));
  });

  test("falls back to a unique selector when nothing is marked", () => {
    page(`<ul><li>One</li><li>Two</li></ul>`);
    const second = one("li:nth-child(2)");
    expectFinds(selectorFor(second), second);
  });
});

describe("uniqueSelector", () => {
  test("uses a unique, hand-written id", () => {
    page(`<section id="pricing"><h2>Plans</h2></section>`);
    expect(uniqueSelector(one("section"))).toBe("#pricing");
  });

  test("does not trust generated or duplicate ids", () => {
    page(`<div id=":r1:"><p>x</p></div><div id="dup"><a>1</a></div><div id="dup"><a>2</a></div>`);
    const generated = one("div");
    expect(uniqueSelector(generated)).not.toContain(":r1:");
    expectFinds(uniqueSelector(generated), generated);
    const second = document.querySelectorAll("a")[1] as Element;
    expect(uniqueSelector(second)).not.toContain("#dup");
    expectFinds(uniqueSelector(second), second);
  });

  test("names an element by its attributes before its position", () => {
    page(`<form><input name="email"><input name="password"></form>`);
    expect(uniqueSelector(one("[name=password]"))).toBe('input[name="password"]');
  });

  test("anchors a path at the nearest ancestor with a unique id", () => {
    page(`<nav id="top"><a>Home</a><a>Docs</a></nav><footer><a>Home</a><a>Docs</a></footer>`);
    const docs = one("#top a:nth-of-type(2)");
    expect(uniqueSelector(docs)).toBe("#top > a:nth-of-type(2)");
  });

  test("builds a positional path through repeated structures", () => {
    page(`<div><div><span>a</span><span>b</span></div><div><span>c</span><span>d</span></div></div>`);
    const spans = document.querySelectorAll("span");
    for (const span of spans) expectFinds(uniqueSelector(span), span);
  });
});

describe("cssEscape", () => {
  test("escapes what would end or break an id selector", () => {
    page(`<p id="a.b#c"></p>`);
    expect(document.querySelector(`#${cssEscape("a.b#c")}`)).toBe(one("p"));
  });
});
