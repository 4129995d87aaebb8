import { afterEach, describe, expect, test } from "bun:test";
import { pageMayReadMarginVariable } from "./margin-variable.ts";

/** Adds `element` to the page for the test's length. */
const added: Element[] = [];
function add<T extends Element>(parent: Element | ShadowRoot, element: T): T {
  parent.append(element);
  added.push(element);
  return element;
}
const style = (css: string) => {
  const element = document.createElement("style");
  element.textContent = css;
  return element;
};

afterEach(() => {
  for (const element of added.splice(0)) element.remove();
  document.adoptedStyleSheets = [];
});

describe("whether the page may read --gleap-margin-top", () => {
  test("no: its styles never name it", () => {
    add(document.head, style("body { margin: 0 } .header { position: fixed; top: 0 }"));
    add(document.body, document.createElement("header")).setAttribute("style", "top: 4px");
    expect(pageMayReadMarginVariable(document)).toBe(false);
  });

  test("yes: a stylesheet names it, at its top or inside a media rule", () => {
    add(document.head, style(".header { top: var(--gleap-margin-top, 0px) }"));
    expect(pageMayReadMarginVariable(document)).toBe(true);
    for (const element of added.splice(0)) element.remove();
    add(document.head, style("@media (min-width: 1px) { .header { top: var(--gleap-margin-top) } }"));
    expect(pageMayReadMarginVariable(document)).toBe(true);
  });

  test("yes: an element's inline style names it", () => {
    add(document.body, document.createElement("div")).setAttribute(
      "style",
      "position: sticky; top: var(--gleap-margin-top)",
    );
    expect(pageMayReadMarginVariable(document)).toBe(true);
  });

  test("yes: an adopted stylesheet or an open shadow root's style names it", () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(".bar { margin-top: var(--gleap-margin-top) }");
    document.adoptedStyleSheets = [sheet];
    expect(pageMayReadMarginVariable(document)).toBe(true);
    document.adoptedStyleSheets = [];

    // A shadow root's <style> elements are read the same way in a browser (widget-outbound.e2e.ts).
    const host = add(document.body, document.createElement("div"));
    host.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet];
    expect(pageMayReadMarginVariable(document)).toBe(true);
  });

  test("yes: a custom element of the page, whose closed shadow root could use it; ours do not count", () => {
    add(document.body, document.createElement("gleap-checklist"));
    const ownRoot = add(document.body, document.createElement("div"));
    ownRoot.id = "gleap-widget-root";
    add(ownRoot.attachShadow({ mode: "open" }), style(".x { top: var(--gleap-margin-top) }"));
    expect(pageMayReadMarginVariable(document)).toBe(false);
    add(document.body, document.createElement("site-header"));
    expect(pageMayReadMarginVariable(document)).toBe(true);
  });

  test("yes: a stylesheet it cannot read (another origin's, without CORS) might name it", () => {
    const unreadable = {
      get cssRules(): CSSRuleList {
        throw new DOMException("Cannot access rules", "SecurityError");
      },
    } as CSSStyleSheet;
    const page = {
      querySelector: () => null,
      getElementsByTagName: () => [],
      styleSheets: [unreadable],
      adoptedStyleSheets: [],
    } as unknown as Document;
    expect(pageMayReadMarginVariable(page)).toBe(true);
  });
});
