import { describe, expect, test } from "bun:test";
import { dropLiveAttributes, isLiveAttribute } from "./replay-live-attributes.ts";
import { recordedElement } from "./test-support/recorded-element.ts";

describe("isLiveAttribute", () => {
  test("handlers, srcdoc and formaction, whatever their value", () => {
    for (const name of [
      "onclick",
      "onerror",
      "ONLOAD",
      "onmouseover",
      "onanimationstart",
      "srcdoc",
      "formaction",
    ])
      expect(isLiveAttribute(name, "x")).toBe(true);
    expect(isLiveAttribute("onclick", true)).toBe(true);
  });

  test("script addresses in any attribute, as a browser reads the scheme", () => {
    for (const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " \n javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\u0000script:alert(1)",
      "vbscript:msgbox(1)",
    ])
      expect(isLiveAttribute("href", value)).toBe(true);
    expect(isLiveAttribute("xlink:href", "javascript:1")).toBe(true);
    expect(isLiveAttribute("action", "javascript:1")).toBe(true);
    expect(isLiveAttribute("to", "javascript:1")).toBe(true);
  });

  test("everything else stays, and a field's value is the visitor's text", () => {
    expect(isLiveAttribute("href", "https://shop.example/javascript:")).toBe(false);
    expect(isLiveAttribute("href", "/help")).toBe(false);
    expect(isLiveAttribute("src", `data:image/png;base64,${"A".repeat(100_000)}`)).toBe(false);
    expect(isLiveAttribute("class", "button")).toBe(false);
    expect(isLiveAttribute("rr_src", "https://shop.example/frame")).toBe(false);
    expect(isLiveAttribute("value", "javascript:is fun")).toBe(false);
    expect(isLiveAttribute("style", { color: "red" })).toBe(false);
  });
});

describe("dropLiveAttributes", () => {
  test("a full snapshot's nodes keep none, nested ones included", () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            recordedElement(2, "body", { onload: "x", class: "page" }, [
              recordedElement(3, "img", { src: "/a.png", onerror: "alert(1)" }),
              recordedElement(4, "a", { href: "javascript:alert(1)", title: "Home" }),
              recordedElement(5, "iframe", { srcdoc: "<script>alert(1)</script>" }),
              recordedElement(6, "button", { formaction: "https://evil.example", type: "submit" }),
            ]),
          ],
        },
      },
    };
    dropLiveAttributes(event);
    const body = event.data.node.childNodes[0];
    expect(body?.attributes).toEqual({ class: "page" });
    expect(body?.childNodes.map((child) => (child as { attributes: unknown }).attributes)).toEqual([
      { src: "/a.png" },
      { title: "Home" },
      {},
      { type: "submit" },
    ]);
  });

  test("a mutation's added nodes keep none; an attribute change to one becomes a removal", () => {
    const event = {
      type: 3,
      timestamp: 2,
      data: {
        source: 0,
        adds: [{ parentId: 2, nextId: null, node: recordedElement(7, "div", { onclick: "x", id: "late" }) }],
        attributes: [
          {
            id: 4,
            attributes: { href: "javascript:alert(2)", onfocus: "y", class: "on" } as Record<string, unknown>,
          },
        ],
        removes: [],
        texts: [],
      },
    };
    dropLiveAttributes(event);
    expect(event.data.adds[0]?.node.attributes).toEqual({ id: "late" });
    expect(event.data.attributes[0]?.attributes).toEqual({ href: null, onfocus: null, class: "on" });
  });

  test("other events and odd shapes are left alone", () => {
    const click = { type: 3, timestamp: 3, data: { source: 2, type: 2, id: 4 } };
    dropLiveAttributes(click);
    expect(click).toEqual({ type: 3, timestamp: 3, data: { source: 2, type: 2, id: 4 } });
    for (const odd of [
      null,
      1,
      "x",
      { type: 2 },
      { type: 3, data: { source: 0, adds: "x", attributes: [null] } },
    ])
      expect(() => dropLiveAttributes(odd)).not.toThrow();
  });
});
