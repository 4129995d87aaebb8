import { afterEach, describe, expect, test } from "bun:test";
import {
  containerOf,
  hidesText,
  isBlockedElement,
  isPrivateField,
  privateRegionSelector,
} from "./private-elements.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

const mount = (html: string) => {
  document.body.innerHTML = html;
  return (selector: string) => document.querySelector(selector) as HTMLElement;
};

describe("which fields are private", () => {
  test("passwords, card and secret autocomplete fields, the reference's attribute: by what they are", () => {
    const $ = mount(`
      <input id="password" type="password"><input id="upper" type="PASSWORD">
      <input id="card" autocomplete="cc-number"><input id="csc" autocomplete="billing cc-csc">
      <input id="otp" autocomplete="one-time-code"><input id="new" autocomplete="new-password">
      <input id="current" autocomplete="section-login current-password">
      <input id="legacy" gleap-ignore="value">
      <input id="email" type="email" autocomplete="email"><input id="text" autocomplete="off">
      <input id="other" gleap-ignore="other"><textarea id="area"></textarea><select id="select"></select>`);
    for (const id of ["password", "upper", "card", "csc", "otp", "new", "current", "legacy"])
      expect([id, isPrivateField($(`#${id}`))]).toEqual([id, true]);
    for (const id of ["email", "text", "other", "area", "select"])
      expect([id, isPrivateField($(`#${id}`))]).toEqual([id, false]);
  });

  test("gl-mask, gl-ignore and gl-block mark the field itself or anything around it", () => {
    const $ = mount(`
      <input id="mask" class="field gl-mask"><textarea id="ignore" class="gl-ignore"></textarea>
      <form class="gl-ignore"><fieldset><input id="in-form"><select id="in-form-select"></select></fieldset></form>
      <div class="gl-mask"><p><textarea id="in-mask"></textarea></p></div>
      <div class="gl-block"><input id="in-block"></div>
      <div class="mask"><input id="near-miss"></div>`);
    for (const id of ["mask", "ignore", "in-form", "in-form-select", "in-mask", "in-block"])
      expect([id, isPrivateField($(`#${id}`))]).toEqual([id, true]);
    expect(isPrivateField($("#near-miss"))).toBe(false);
  });

  test("marks cross shadow-root hosts", () => {
    const $ = mount('<div class="gl-mask"><x-card id="host"></x-card></div><x-plain id="plain"></x-plain>');
    const inside = $("#host").attachShadow({ mode: "open" });
    inside.innerHTML = '<label><input id="inner"></label>';
    const plain = $("#plain").attachShadow({ mode: "open" });
    plain.innerHTML = '<input id="plain-inner"><input id="inner-password" type="password">';
    const inner = inside.querySelector("#inner") as Element;
    expect(containerOf(inner.parentElement as Element)).toBe($("#host"));
    expect(isPrivateField(inner)).toBe(true);
    expect(isPrivateField(plain.querySelector("#plain-inner") as Element)).toBe(false);
    expect(isPrivateField(plain.querySelector("#inner-password") as Element)).toBe(true);
  });

  test("marks cross a same-origin frame's <iframe>", () => {
    const $ = mount('<div class="gl-ignore"><span id="frame"></span></div><span id="bare-frame"></span>');
    // happy-dom loads no frames: a frame's document, as far as the rule reads it.
    const frameDocument = (frameElement: Element | null) =>
      ({ nodeType: 9, defaultView: { frameElement } }) as unknown as Document;
    const fieldIn = (frameElement: Element | null) => {
      const field = document.createElement("input");
      const html = document.createElement("html");
      html.appendChild(field);
      Object.defineProperty(html, "parentNode", { value: frameDocument(frameElement) });
      return field;
    };
    expect(isPrivateField(fieldIn($("#frame")))).toBe(true);
    expect(isPrivateField(fieldIn($("#bare-frame")))).toBe(false);
    // At the top, or in a frame of another origin, there is nothing around the document.
    expect(isPrivateField(fieldIn(null))).toBe(false);
    const throwing = { nodeType: 9 } as Document;
    Object.defineProperty(throwing, "defaultView", {
      get() {
        throw new Error("cross-origin");
      },
    });
    expect(containerOf({ parentNode: throwing })).toBeNull();
  });

  test("a caller that knows the marks around saves the walk", () => {
    const $ = mount('<div class="gl-ignore"><input id="field"></div>');
    expect(isPrivateField($("#field"), false)).toBe(false);
    expect(isPrivateField($("#field"), true)).toBe(true);
  });
});

describe("which text is hidden", () => {
  test("gl-mask and gl-block hide text on the element and inside it; gl-ignore does not", () => {
    const $ = mount(`
      <p id="mask" class="gl-mask">A</p><div class="gl-mask"><section><b id="deep">B</b></section></div>
      <div id="block" class="gl-block">C</div><div class="gl-ignore"><p id="ignored">D</p></div><p id="plain">E</p>`);
    for (const id of ["mask", "deep", "block"]) expect([id, hidesText($(`#${id}`))]).toEqual([id, true]);
    for (const id of ["ignored", "plain"]) expect([id, hidesText($(`#${id}`))]).toEqual([id, false]);
  });

  test("what a visitor types in a private editable region or text area is hidden, marks around included", () => {
    const $ = mount(`
      <div class="gl-mask"><div id="editor" contenteditable="true"><p id="line">Dear Ada</p></div></div>
      <div class="gl-ignore"><div contenteditable><b id="ignored-line">x</b></div></div>
      <div contenteditable="true"><span id="open-line">x</span><span contenteditable="false" class="gl-ignore">
        <i id="not-editable">x</i></span></div>
      <textarea id="area" class="gl-ignore">default</textarea><textarea id="plain-area"></textarea>`);
    for (const id of ["editor", "line", "ignored-line", "area"])
      expect([id, hidesText($(`#${id}`))]).toEqual([id, true]);
    for (const id of ["open-line", "not-editable", "plain-area"])
      expect([id, hidesText($(`#${id}`))]).toEqual([id, false]);
  });

  test("text inside a masked shadow host is hidden", () => {
    const $ = mount('<x-card id="host" class="gl-mask"></x-card>');
    const root = $("#host").attachShadow({ mode: "open" });
    root.innerHTML = "<p>Ada Lovelace</p>";
    expect(hidesText(root.querySelector("p") as Element)).toBe(true);
    // Known from above: no walk.
    expect(hidesText(root.querySelector("p") as Element, false)).toBe(false);
  });

  test("gl-block is the element's own mark; the region selector names the three marks", () => {
    const $ = mount('<div id="block" class="a gl-block"><p id="inside"></p></div>');
    expect(isBlockedElement($("#block"))).toBe(true);
    expect(isBlockedElement($("#inside"))).toBe(false);
    expect(document.body.querySelectorAll(privateRegionSelector)).toHaveLength(1);
    expect(privateRegionSelector).toBe(".gl-mask,.gl-ignore,.gl-block");
  });
});
