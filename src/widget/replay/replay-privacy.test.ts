import { afterEach, describe, expect, test } from "bun:test";
import { recorderOptions } from "./replay-options.ts";
import { everyField } from "./replay-privacy.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

type Mask = (text: string, element: HTMLElement | null) => string;

function masks(custom: Record<string, unknown> = {}) {
  const options = recorderOptions(custom);
  return {
    options,
    input: options.maskInputFn as Mask,
    text: options.maskTextFn as Mask,
  };
}

const $ = (selector: string) => document.querySelector(selector) as HTMLElement;

describe("the replay's masking", () => {
  test("every field's value is asked about, and text is asked about everywhere", () => {
    const { options } = masks();
    expect(options).toMatchObject({
      maskAllInputs: false,
      maskInputOptions: everyField,
      maskTextSelector: "*",
      // The spec's defaults stay.
      blockClass: "gl-block",
      ignoreClass: "gl-ignore",
      maskTextClass: "gl-mask",
    });
  });

  test("private values become asterisks; others stay as typed", () => {
    document.body.innerHTML = `
      <input id="mask" class="gl-mask"><form class="gl-ignore"><textarea id="ignored"></textarea></form>
      <input id="password" type="password"><input id="card" autocomplete="cc-number"><input id="plain">`;
    const { input } = masks();
    for (const id of ["mask", "ignored", "password", "card"])
      expect(input("4929 7352", $(`#${id}`))).toBe("*********");
    expect(input("Ada", $("#plain"))).toBe("Ada");
    expect(input("anything", null)).toBe("********");
  });

  test("masked text keeps its spaces; text that is not private stays", () => {
    document.body.innerHTML = `
      <div class="gl-mask"><div contenteditable="true"><p id="typed">x</p></div></div>
      <x-card id="host" class="gl-mask"></x-card><p id="plain">x</p><textarea id="area" class="gl-ignore"></textarea>`;
    const root = $("#host").attachShadow({ mode: "open" });
    root.innerHTML = "<span>x</span>";
    const { text } = masks();
    expect(text("Dear Ada, hi", $("#typed"))).toBe("**** **** **");
    expect(text("Ada Lovelace", root.querySelector("span") as HTMLElement)).toBe("*** ********");
    expect(text("default text", $("#area"))).toBe("******* ****");
    expect(text("Public text", $("#plain"))).toBe("Public text");
    expect(text("no element", null)).toBe("no element");
  });

  test("a host's masking adds to the rule but cannot unmask", () => {
    document.body.innerHTML = `
      <input id="email" type="email"><input id="plain"><input id="mask" class="gl-mask">
      <p class="secret"><b id="secret">x</b></p><p class="pii-name" id="regex">x</p><p id="selected">x</p>`;
    const all = masks({ maskAllInputs: true });
    expect(all.input("Ada", $("#plain"))).toBe("***");
    const byType = masks({
      maskInputOptions: { email: true },
      maskInputFn: (text: string) => text.toUpperCase(),
    });
    expect(byType.input("ada@x", $("#email"))).toBe("ADA@X");
    expect(byType.input("Ada", $("#plain"))).toBe("Ada");
    // The host's own function does not decide for a private field.
    const unmasking = masks({ maskAllInputs: true, maskInputFn: (text: string) => text });
    expect(unmasking.input("4929", $("#mask"))).toBe("****");
    const texts = masks({
      maskTextClass: "secret",
      maskTextSelector: "#selected",
      maskTextFn: () => "[hidden]",
    });
    expect(texts.text("Ada", $("#secret"))).toBe("[hidden]");
    expect(texts.text("Ada", $("#selected"))).toBe("[hidden]");
    expect(texts.text("Ada", $("#regex"))).toBe("Ada");
    expect(masks({ maskTextClass: /^pii-/ }).text("Ada L", $("#regex"))).toBe("*** *");
  });

  test("gl-block stays blocked when a host names its own block class", () => {
    expect(recorderOptions({ blockClass: "no-record" })).toMatchObject({
      blockClass: "no-record",
      blockSelector: "#gleap-widget-root, .gl-block",
    });
  });
});
