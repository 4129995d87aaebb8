import { afterEach, describe, expect, test } from "bun:test";
import { maxTypedValues, recordTypedValues, type TypedValue } from "./typed-values.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = "";
});

function recorder() {
  const values: TypedValue[] = [];
  cleanups.push(recordTypedValues(document, values));
  return values;
}

/** Types text into a field key by key, as a browser fires `input` after each. */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  for (const char of text) {
    field.value += char;
    field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  }
}

function backspace(field: HTMLInputElement, times: number) {
  for (let index = 0; index < times; index++) {
    field.value = field.value.slice(0, -1);
    field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  }
}

describe("typed values", () => {
  test("a run of keys is one entry holding the longest value; deleting keeps it, a new branch adds one", () => {
    const values = recorder();
    document.body.innerHTML = '<input id="card"><input id="name">';
    const card = document.querySelector("#card") as HTMLInputElement;
    const name = document.querySelector("#name") as HTMLInputElement;
    type(card, "4929 7352");
    expect(values).toEqual([[card, "4929 7352"]]);
    backspace(card, 3);
    expect(values).toEqual([[card, "4929 7352"]]);
    type(card, "999");
    type(name, "Ada");
    type(name, " L");
    expect(values).toEqual([
      [card, "4929 7352"],
      [card, "4929 7999"],
      [name, "Ada L"],
    ]);
  });

  test("values under 4 or over 1000 characters are not kept", () => {
    const values = recorder();
    document.body.innerHTML = "<textarea></textarea>";
    const area = document.querySelector("textarea") as HTMLTextAreaElement;
    type(area, "abc");
    expect(values).toEqual([]);
    area.value = "x".repeat(1001);
    area.dispatchEvent(new Event("input", { bubbles: true }));
    expect(values).toEqual([]);
  });

  test("fields inside open shadow roots and editable regions are seen; stopping ends it", () => {
    const values = recorder();
    document.body.innerHTML = '<x-form id="host"></x-form><div id="editor" contenteditable="true"></div>';
    const root = (document.querySelector("#host") as HTMLElement).attachShadow({ mode: "open" });
    root.innerHTML = "<input>";
    const inner = root.querySelector("input") as HTMLInputElement;
    type(inner, "secret-in-shadow");
    const editor = document.querySelector("#editor") as HTMLElement;
    editor.textContent = "Dear Ada";
    editor.dispatchEvent(new Event("input", { bubbles: true }));
    expect(values).toEqual([
      [inner, "secret-in-shadow"],
      [editor, "Dear Ada"],
    ]);
    for (const cleanup of cleanups.splice(0)) cleanup();
    type(inner, "-more");
    expect(values).toHaveLength(2);
  });

  test("the oldest entries go beyond the limit", () => {
    const values = recorder();
    document.body.innerHTML = "<input>";
    const field = document.querySelector("input") as HTMLInputElement;
    for (let index = 0; index < maxTypedValues + 5; index++) {
      field.value = `value ${index}`;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect(values).toHaveLength(maxTypedValues);
    expect(values[0]?.[1]).toBe("value 5");
  });
});
