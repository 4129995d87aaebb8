import { afterEach, describe, expect, mock, test } from "bun:test";
import { createEventBus } from "../../../loader/event-bus.ts";
import { defaultFlowConfig, type FlowConfig } from "../../shared/widget-flow-config.ts";
import type { WidgetSession } from "../../shared/widget-session.ts";
import { mount } from "./launcher-chunk.ts";
import { launcherStyles } from "./launcher-styles.ts";

const session: WidgetSession = {
  gleapId: "01a200be-0000-7000-8000-000000000000",
  gleapHash: "0".repeat(64),
  userId: null,
  name: null,
  email: null,
  phone: null,
  value: null,
  customData: {},
  lang: "en-us",
};

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = "";
});

function noReport(message: string, error: unknown) {
  throw new Error(`unexpected report: ${message} ${String(error)}`);
}

/** Mounts the chunk into a real shadow root, with a real event bus that records what it emits. */
function mountLauncher(flowConfig: FlowConfig = defaultFlowConfig) {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: "open" });
  const events = createEventBus(noReport);
  const emitted: string[] = [];
  events.on("open", () => emitted.push("open"));
  events.on("close", () => emitted.push("close"));
  let unmounted = false;
  const unmount = mount({ root, session, flowConfig, events });
  const safeUnmount = () => {
    if (unmounted) return;
    unmounted = true;
    unmount();
  };
  cleanups.push(safeUnmount);
  return { host, root, events, emitted, unmount: safeUnmount };
}

/** Polls until the condition holds, or fails after about a second (drawing may move to a later task). */
async function waitFor<T>(read: () => T | null | undefined | false, timeoutMs = 1000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for the launcher");
    await Bun.sleep(10);
  }
}

const findButton = (root: ShadowRoot) =>
  root.querySelector<HTMLButtonElement>("[data-testid=gleap-launcher]");

describe("launcher chunk mount", () => {
  test("renders the launcher button inside the shadow root, not in the document", async () => {
    const { root } = mountLauncher();

    const button = await waitFor(() => findButton(root));

    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-label")).toBe("Open feedback");
    expect(button.className).toBe("launcher");
    expect(button.getRootNode()).toBe(root);
    expect(document.querySelector("[data-testid=gleap-launcher]")).toBeNull();
    expect(root.querySelectorAll("[data-testid=gleap-launcher]")).toHaveLength(1);
  });

  test("puts the launcher styles in a <style> that is a sibling of the button's container", async () => {
    const { root } = mountLauncher();
    const button = await waitFor(() => findButton(root));

    const container = button.parentElement;
    expect(container?.parentNode).toBe(root);
    const style = container?.previousElementSibling;
    expect(style?.tagName).toBe("STYLE");
    expect(style?.textContent).toBe(launcherStyles);
    expect(root.querySelectorAll("style")).toHaveLength(1);
    expect(document.querySelectorAll("style")).toHaveLength(0);
  });

  test("applies the flow config's colour and position", async () => {
    const { root } = mountLauncher({
      ...defaultFlowConfig,
      buttonColor: "#ff0000",
      buttonX: 31,
      buttonY: 17,
    });
    const button = await waitFor(() => findButton(root));

    expect(button.style.bottom).toBe("17px");
    expect(button.style.right).toBe("31px");
    expect(button.style.left).toBe("");
    // happy-dom keeps the hex form; a browser would normalise it to rgb().
    expect(["#ff0000", "rgb(255, 0, 0)"]).toContain(button.style.background);
  });

  test("BOTTOM_LEFT places the button on the left", async () => {
    const { root } = mountLauncher({
      ...defaultFlowConfig,
      feedbackButtonPosition: "BOTTOM_LEFT",
      buttonX: 24,
    });
    const button = await waitFor(() => findButton(root));

    expect(button.style.left).toBe("24px");
    expect(button.style.right).toBe("");
  });

  test("clicking emits 'open' and sets aria-expanded, clicking again emits 'close'", async () => {
    const { root, emitted } = mountLauncher();
    const button = await waitFor(() => findButton(root));

    button.click();
    await waitFor(() => findButton(root)?.getAttribute("aria-expanded") === "true");

    expect(emitted).toEqual(["open"]);
    expect(findButton(root)?.getAttribute("aria-label")).toBe("Close feedback");

    findButton(root)?.click();
    await waitFor(() => findButton(root)?.getAttribute("aria-expanded") === "false");

    expect(emitted).toEqual(["open", "close"]);
    expect(findButton(root)?.getAttribute("aria-label")).toBe("Open feedback");
  });

  test("a listener on the event bus receives exactly one event per click", async () => {
    const { root, events } = mountLauncher();
    const opened = mock(() => {});
    events.on("open", opened);
    const button = await waitFor(() => findButton(root));

    button.click();
    await waitFor(() => findButton(root)?.getAttribute("aria-expanded") === "true");

    expect(opened).toHaveBeenCalledTimes(1);
  });

  test("feedbackButtonPosition BUTTON_NONE renders no button", async () => {
    const { root } = mountLauncher({ ...defaultFlowConfig, feedbackButtonPosition: "BUTTON_NONE" });
    expect(findButton(root)).toBeNull();
    expect(root.querySelectorAll("button")).toHaveLength(0);
    // The style and the (empty) container are still there.
    expect(root.querySelectorAll("style")).toHaveLength(1);
    expect(root.querySelector("div")?.childNodes.length).toBe(0);
  });

  test("the host's CSP nonce is put on the <style>", () => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    const root = host.attachShadow({ mode: "open" });
    const unmount = mount({
      root,
      session,
      flowConfig: defaultFlowConfig,
      events: createEventBus(noReport),
      nonce: "n0nce",
    });
    cleanups.push(unmount);

    expect(root.querySelector("style")?.nonce).toBe("n0nce");
  });

  test("the returned unmount removes everything from the shadow root", async () => {
    const { root, unmount, emitted } = mountLauncher();
    const button = await waitFor(() => findButton(root));
    expect(root.childNodes.length).toBe(2);

    unmount();

    expect(root.childNodes.length).toBe(0);
    expect(findButton(root)).toBeNull();
    expect(root.querySelector("style")).toBeNull();
    // The detached button no longer drives the widget.
    button.click();
    await Bun.sleep(20);
    expect(emitted).toEqual([]);
  });
});
