import { describe, expect, test } from "bun:test";
import { isBlocked, masksText, masksValue, maskText, maskValue } from "./masking.ts";

const element = (html: string) => {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLInputElement;
};

describe("masking", () => {
  test("a value becomes one asterisk per character, spaces included", () => {
    expect(maskValue("4111 1111")).toBe("*********");
    expect(maskValue("")).toBe("");
  });

  test("masked text keeps its spacing, so the layout does not move", () => {
    expect(maskText("Ada Lovelace\n 42")).toBe("*** ********\n **");
  });

  test("marked fields and passwords are masked; plain ones are not", () => {
    expect(masksValue(element('<input class="gl-mask" value="x">'))).toBe(true);
    expect(masksValue(element('<input class="field gl-ignore">'))).toBe(true);
    expect(masksValue(element('<input gleap-ignore="value">'))).toBe(true);
    expect(masksValue(element('<input type="password">'))).toBe(true);
    expect(masksValue(element('<input type="PASSWORD">'))).toBe(true);
    expect(masksValue(element('<textarea class="gl-mask"></textarea>'))).toBe(true);
    expect(masksValue(element('<input type="email" class="field">'))).toBe(false);
    expect(masksValue(element('<input gleap-ignore="other">'))).toBe(false);
    // Inside a gl-mask element every field is masked too.
    expect(masksValue(element("<input>"), true)).toBe(true);
  });

  test("gl-block elements are left out; gl-mask elements mask their text", () => {
    expect(isBlocked(element('<div class="card gl-block"></div>'))).toBe(true);
    expect(isBlocked(element('<div class="card"></div>'))).toBe(false);
    expect(masksText(element('<p class="gl-mask"></p>'))).toBe(true);
    expect(masksText(element("<p></p>"))).toBe(false);
  });
});
