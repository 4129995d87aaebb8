import { afterEach, describe, expect, test } from "bun:test";
import { fixSerializedEvent } from "./replay-event-fixes.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** A serialised select as rrweb writes it once selects are masked fields: no `selected` anywhere. */
const serialisedSelect = (selectId: number, optionIds: number[]) => ({
  type: 2,
  tagName: "select",
  id: selectId,
  attributes: {},
  childNodes: optionIds.map((id) => ({ type: 2, tagName: "option", id, attributes: {}, childNodes: [] })),
});

function page() {
  document.body.innerHTML = `
    <select id="size"><option>S</option><option selected>M</option></select>
    <select id="country" class="gl-ignore"><option>DE</option><option selected>FR</option></select>`;
  const options = Array.from(document.querySelectorAll("option"));
  const ids = new Map<number, Node>(options.map((option, index) => [index + 10, option]));
  return { getNode: (id: number) => ids.get(id) ?? null };
}

const selectedOf = (node: { childNodes: Array<{ attributes: Record<string, unknown> }> }) =>
  node.childNodes.map((option) => option.attributes.selected === true);

describe("the choices of selects in a replay", () => {
  test("a full snapshot gets the chosen option back for selects that are not private", () => {
    const mirror = page();
    const size = serialisedSelect(1, [10, 11]);
    const country = serialisedSelect(2, [12, 13]);
    fixSerializedEvent({ type: 2, data: { node: { type: 0, childNodes: [size, country] } } }, mirror);
    expect(selectedOf(size)).toEqual([false, true]);
    expect(selectedOf(country)).toEqual([false, false]);
  });

  test("so do options a mutation adds; other events are left alone", () => {
    const mirror = page();
    const added = { type: 2, tagName: "option", id: 11, attributes: {} as Record<string, unknown> };
    fixSerializedEvent({ type: 3, data: { source: 0, adds: [{ node: added }] } }, mirror);
    expect(added.attributes.selected).toBe(true);
    const notAMutation = { type: 2, tagName: "option", id: 11, attributes: {} as Record<string, unknown> };
    fixSerializedEvent({ type: 3, data: { source: 5, adds: [{ node: notAMutation }] } }, mirror);
    fixSerializedEvent({ type: 4, data: { node: notAMutation } }, mirror);
    expect(notAMutation.attributes.selected).toBeUndefined();
  });
});

describe("text directly in a shadow root", () => {
  test("is masked when the host hides text, in a full snapshot, added nodes and changed texts", () => {
    document.body.innerHTML =
      '<div class="gl-mask"><x-name id="masked"></x-name></div><x-name id="open"></x-name>';
    const hidden = (document.getElementById("masked") as HTMLElement).attachShadow({ mode: "open" });
    hidden.append("Ada Lovelace");
    const open = (document.getElementById("open") as HTMLElement).attachShadow({ mode: "open" });
    open.append("Public name");
    const ids = new Map<number, Node>([
      [1, hidden.firstChild as Node],
      [2, open.firstChild as Node],
    ]);
    const mirror = { getNode: (id: number) => ids.get(id) ?? null };
    const text = (id: number, textContent: string) => ({ type: 3, id, textContent });
    const snapshot = { type: 0, id: 9, childNodes: [text(1, "Ada Lovelace"), text(2, "Public name")] };
    fixSerializedEvent({ type: 2, data: { node: snapshot } }, mirror);
    expect(snapshot.childNodes.map((node) => node.textContent)).toEqual(["*** ********", "Public name"]);
    const added = text(1, "Ada L");
    const texts = [
      { id: 1, value: "Ada Byron" },
      { id: 2, value: "Still public" },
    ];
    fixSerializedEvent({ type: 3, data: { source: 0, adds: [{ node: added }], texts } }, mirror);
    expect(added.textContent).toBe("*** *");
    expect(texts.map((change) => change.value)).toEqual(["*** *****", "Still public"]);
  });
});
