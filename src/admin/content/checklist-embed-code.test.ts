import { describe, expect, test } from "bun:test";
import { readChecklistAttributes } from "../../widget/checklist/checklist-attributes.ts";
import { checklistEmbedCode } from "./checklist-embed-code.tsx";

describe("the checklist's embed code", () => {
  test("names the checklist as the widget's element reads it, inline or floating", () => {
    for (const floating of [false, true]) {
      const holder = document.createElement("div");
      holder.innerHTML = checklistEmbedCode("c-1", floating);
      const element = holder.querySelector("gleap-checklist");
      if (!element) throw new Error("no element");
      expect(readChecklistAttributes(element)).toMatchObject({ checklistId: "c-1", floating });
    }
    expect(checklistEmbedCode("c-1", false)).toBe('<gleap-checklist checklistid="c-1"></gleap-checklist>');
  });

  test("an id cannot end the attribute", () => {
    const holder = document.createElement("div");
    holder.innerHTML = checklistEmbedCode('x"><script>', false);
    expect(holder.querySelector("script")).toBeNull();
    expect(holder.querySelector("gleap-checklist")?.getAttribute("checklistid")).toBe('x"><script>');
  });
});
