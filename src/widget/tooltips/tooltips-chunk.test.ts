import { afterEach, expect, spyOn, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import { mount, run } from "./tooltips-chunk.ts";

let unmount: (() => void) | null = null;

afterEach(() => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = "";
});

test("mounts a styled layer (with the host's nonce), draws the tooltips it is given, and leaves nothing behind", () => {
  document.body.insertAdjacentHTML("beforeend", '<h2 id="spaces">Shared spaces</h2>');
  const context = createChunkContext({ nonce: "n0nce" });
  unmount = mount(context);
  run("showTooltips", [[{ selector: "#spaces", mode: "hotspot", html: "<p>Hi</p>" }, { selector: "#none" }]]);
  expect(context.root.querySelector("style")?.nonce).toBe("n0nce");
  const hotspot = context.root.querySelector<HTMLElement>(".gt-hotspot");
  expect(hotspot).not.toBeNull();
  // Without a colour of its own the hotspot wears the brand colour, live after setStyles.
  expect(hotspot?.style.getPropertyValue("--gt-color")).toBe("#485BFF");
  context.host.state.flowConfig = { ...defaultFlowConfig, color: "#00D082" };
  context.events.emit("config-changed", context.host.state.flowConfig);
  expect(context.root.querySelector<HTMLElement>(".gt-hotspot")?.style.getPropertyValue("--gt-color")).toBe(
    "#00D082",
  );
  // The host page itself is untouched: no element was added to it.
  expect(document.getElementById("spaces")?.outerHTML).toBe('<h2 id="spaces">Shared spaces</h2>');
  unmount();
  unmount = null;
  expect(context.root.childElementCount).toBe(0);
});

test("a list that is not a list is reported as the reference does, and nothing is drawn", () => {
  const errors = spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const context = createChunkContext();
    unmount = mount(context);
    run("showTooltips", [{ selector: "a" }]);
    expect(errors).toHaveBeenCalledWith("Gleap: Failed to parse tooltips");
    expect(context.root.querySelector(".gt-bubble")).toBeNull();
  } finally {
    errors.mockRestore();
  }
});
