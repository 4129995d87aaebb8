import { afterEach, describe, expect, test } from "bun:test";
import type { TypedValue } from "../../../shared/privacy/typed-values.ts";
import { typeIntoFields } from "../typed-fields-test-support.ts";
import { collectPrivateValues } from "./private-values.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the private values of a page", () => {
  test("what private fields hold now, in the document and its open shadow roots", () => {
    document.body.innerHTML = `
      <input id="password" type="password"><input id="masked" class="gl-mask">
      <form class="gl-ignore"><textarea id="note"></textarea><input type="checkbox" checked></form>
      <input id="card" autocomplete="cc-number"><input id="plain">
      <select id="country" class="gl-ignore"><option value="de">Germany</option><option value="fr">France</option></select>
      <div class="gl-mask"><div contenteditable="true"><p>First line</p><p>Second line</p></div></div>
      <div contenteditable="true">Open text</div>
      <x-login id="host"></x-login>`;
    typeIntoFields({
      "#password": "hunter2-password",
      "#masked": "masked value",
      "#note": "a private note",
      "#card": "4929 7352 6608 2514",
      "#plain": "plain value",
      "#country": "fr",
    });
    const root = (document.querySelector("#host") as HTMLElement).attachShadow({ mode: "open" });
    root.innerHTML = '<input type="password"><input class="gl-mask"><input>';
    const [password, masked, open] = Array.from(root.querySelectorAll("input"));
    (password as HTMLInputElement).value = "shadow password";
    (masked as HTMLInputElement).value = "shadow masked";
    (open as HTMLInputElement).value = "shadow open";

    const { current } = collectPrivateValues(document);
    expect(current.sort()).toEqual(
      [
        "hunter2-password",
        "masked value",
        "a private note",
        "4929 7352 6608 2514",
        "fr",
        "France",
        "First lineSecond line",
        "First line",
        "Second line",
        "shadow password",
        "shadow masked",
      ].sort(),
    );
  });

  test("same-origin frames are read; a frame that cannot be read is skipped", () => {
    document.body.innerHTML = '<div id="readable"></div><div id="foreign"></div>';
    const inner = document.implementation.createHTMLDocument("");
    inner.body.innerHTML = '<input type="password" value="frame password"><input value="frame open">';
    // happy-dom loads no frames: elements that answer as an <iframe> does.
    const asFrame = (element: Element, contentDocument: () => Document | null) => {
      Object.defineProperty(element, "tagName", { value: "IFRAME" });
      Object.defineProperty(element, "contentDocument", { get: contentDocument });
    };
    asFrame(document.querySelector("#readable") as Element, () => inner);
    asFrame(document.querySelector("#foreign") as Element, () => {
      throw new Error("another origin");
    });
    expect(collectPrivateValues(document).current).toEqual(["frame password"]);
  });

  test("typed values count when their field is private, wherever it is now", () => {
    document.body.innerHTML =
      '<input id="masked" class="gl-mask"><input id="plain"><div class="gl-mask" id="box"></div>';
    const masked = document.querySelector("#masked") as Element;
    const plain = document.querySelector("#plain") as Element;
    const detached = document.createElement("form");
    detached.className = "gl-ignore";
    const gone = detached.appendChild(document.createElement("input"));
    const editor = (document.querySelector("#box") as Element).appendChild(document.createElement("div"));
    editor.setAttribute("contenteditable", "true");
    const typed: TypedValue[] = [
      [masked, "typed masked"],
      [plain, "typed plain"],
      [gone, "typed then removed"],
      [editor, "typed in editor"],
      [document, "not a field"],
    ];
    expect(collectPrivateValues(document, typed).typed).toEqual([
      "typed masked",
      "typed then removed",
      "typed in editor",
    ]);
  });

  test("no page, nothing current; empty values are left out", () => {
    expect(collectPrivateValues(undefined)).toEqual({ current: [], typed: [] });
    document.body.innerHTML = '<input type="password">';
    expect(collectPrivateValues(document).current).toEqual([]);
  });
});
