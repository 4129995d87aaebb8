import { afterEach, describe, expect, test } from "bun:test";
import { expectAnswers } from "../../shared/test-support/answer-cases.ts";
import {
  cssEscape,
  findsOnly,
  isPositionOnly,
  isStableAttribute,
  isStableClass,
  isStableId,
  selectorFor,
} from "./unique-selector.ts";

function page(html: string) {
  document.body.innerHTML = html;
}

const one = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};

/** Every answer must find exactly the element it was made for, and say more than its position. */
function expectFinds(selector: string | null, element: Element) {
  expect(selector).not.toBeNull();
  expect(findsOnly(selector as string, element)).toBe(true);
  expect(isPositionOnly(selector as string)).toBe(false);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("selectorFor: the order of preference", () => {
  test("the element's data-gleap-tour mark comes first, even over an id", () => {
    page(`<main id="app"><button data-gleap-tour="save-button" id="save">Save</button></main>`);
    expect(selectorFor(one("button"))).toBe('[data-gleap-tour="save-button"]');
  });

  test("a click on a marked button's icon picks the button", () => {
    page(`<button data-gleap-tour="menu"><span><svg></svg></span></button>`);
    expect(selectorFor(one("svg"))).toBe('[data-gleap-tour="menu"]');
  });

  test("a mark used twice is not unique: the element's own id wins then", () => {
    page(`<p data-gleap-tour="x" id="first">a</p><p data-gleap-tour="x" id="second">b</p>`);
    expect(selectorFor(one("#second"))).toBe("#second");
  });

  test("then a hand-written, unique id", () => {
    page(`<section id="pricing" class="plans" name="p"><h2>Plans</h2></section>`);
    expect(selectorFor(one("section"))).toBe("#pricing");
  });

  test("then a naming attribute, before any class or position", () => {
    page(`<form><input class="field" name="email"><input class="field" name="password"></form>`);
    expect(selectorFor(one("[name=password]"))).toBe('input[name="password"]');
    page(`<nav><button aria-label="Open menu">≡</button><button aria-label="Search">⌕</button></nav>`);
    expect(selectorFor(one("[aria-label=Search]"))).toBe('button[aria-label="Search"]');
  });

  test("then a short selector from classes (the demo's hero section, once picked as section:nth-of-type(1))", () => {
    page(`<main><section class="hero"><h1>Hi</h1></section><section class="features"></section></main>`);
    const hero = one("section.hero");
    expect(selectorFor(hero)).toBe(".hero");
  });

  test("an element without names of its own is found through a named ancestor", () => {
    page(`<nav id="top"><a>Home</a><a>Docs</a></nav><footer><a>Home</a><a>Docs</a></footer>`);
    const docs = one("#top a:nth-of-type(2)");
    const selector = selectorFor(docs);
    expectFinds(selector, docs);
    expect(selector).toContain("#top");
  });
});

describe("selectorFor: what it does not trust", () => {
  test("generated and duplicate ids are passed over", () => {
    page(
      `<div id=":r1:" class="card"><p>x</p></div><div id="dup"><a class="one">1</a></div><div id="dup"><a class="two">2</a></div>`,
    );
    const generated = one("div");
    expect(selectorFor(generated)).not.toContain(":r1:");
    expectFinds(selectorFor(generated), generated);
    const second = one("a.two");
    expect(selectorFor(second)).not.toContain("#dup");
    expectFinds(selectorFor(second), second);
  });

  test("state and hashed classes are passed over", () => {
    page(`<ul class="menu"><li class="item is-active css-1x2y3z">A</li><li class="item">B</li></ul>`);
    const active = one("li.is-active");
    const selector = selectorFor(active);
    expectFinds(selector, active);
    expect(selector).not.toContain("is-active");
    expect(selector).not.toContain("css-1x2y3z");
  });

  test("an element told apart only by its position gets no selector (it needs a mark)", () => {
    page(`<div><div><span>a</span><span>b</span></div><div><span>c</span><span>d</span></div></div>`);
    for (const span of document.querySelectorAll("span")) expect(selectorFor(span)).toBeNull();
  });
});

describe("the rules", () => {
  test("position-only selectors are recognised", () => {
    expectAnswers(isPositionOnly, [
      ["section:nth-of-type(1)", true],
      ["body > div:nth-child(2) > p:nth-of-type(3)", true],
      ["#top > a:nth-of-type(2)", false],
      [".hero", false],
      ['li[data-testid="row"]:nth-child(2)', false],
    ]);
  });

  test("ids, classes and attributes that change with a render are not stable", () => {
    expectAnswers(isStableId, [
      ["pricing", true],
      [":r1:", false],
      ["ember1234", false],
    ]);
    expectAnswers(isStableClass, [
      ["plan-card", true],
      ["sc-bdVaJa12", false],
      ["is-open", false],
    ]);
    expectAnswers(
      ([name, value]: [string, string]) => isStableAttribute(name, value),
      [
        [["data-testid", "save"], true],
        [["data-state", "open"], false],
        [["style", "color: red"], false],
        [["title", "x".repeat(81)], false],
      ],
    );
  });

  test("cssEscape escapes what would end or break an id selector", () => {
    page(`<p id="a.b#c"></p>`);
    expect(document.querySelector(`#${cssEscape("a.b#c")}`)).toBe(one("p"));
  });
});
