import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { builderPageReportMs } from "../../shared/builder-messages.ts";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import {
  attachFakeWindow,
  type FakeFrameWindow,
  messageFrom,
  quietIframeLoading,
} from "../common/frame-test-support.ts";
import { mount, run } from "./builder-chunk.ts";

const frameOrigin = "http://localhost:3001";
const adminOrigin = "http://localhost:3000";
const init = {
  kind: "tour",
  projectId: "p1",
  itemId: "o1",
  apiUrl: "http://localhost:3000/api",
  builderToken: "token",
};
let context: ReturnType<typeof createChunkContext>;
let unmount: () => void;
let restoreConsole: () => void;

const bar = () => context.root.querySelector<HTMLElement>(".gb-bar");

function start(): FakeFrameWindow {
  run("startBuilder", [JSON.stringify({ name: "load", type: "admin", data: init }), adminOrigin]);
  const iframe = context.root.querySelector<HTMLIFrameElement>(".gb-frame");
  if (!iframe) throw new Error("no builder frame");
  expect(iframe.src).toBe(`${frameOrigin}/builder?sdkKey=demo`);
  return attachFakeWindow(iframe);
}

const fromBuilder = (frame: FakeFrameWindow, message: Record<string, unknown>, origin = frameOrigin) =>
  messageFrom(frame, origin, { type: "tourbuilder", ...message });

const names = (frame: FakeFrameWindow) =>
  frame.posted.map(({ message }) => (message as { name: string }).name);

beforeEach(() => {
  restoreConsole = quietIframeLoading();
  document.body.innerHTML = `<main><button id="buy">Buy now</button><a href="/x">Link</a></main>`;
  context = createChunkContext();
  unmount = mount(context);
});

afterEach(() => {
  jest.useRealTimers();
  unmount();
  context.element.remove();
  restoreConsole();
});

describe("the builder chunk", () => {
  test("ignores an admin message of the wrong shape", () => {
    run("startBuilder", [JSON.stringify({ name: "load", type: "admin", data: { kind: "x" } }), adminOrigin]);
    run("startBuilder", ["{", adminOrigin]);
    expect(bar()).toBeNull();
  });

  test("starts hidden (loading), answers the frame's init with the data, and sizes itself by mode", () => {
    const frame = start();
    expect(bar()?.style.height).toBe("0px");
    fromBuilder(frame, { name: "init" });
    expect(frame.posted[0]).toEqual({
      message: { name: "data", type: "tourbuilder", data: { init, page: location.href } },
      targetOrigin: frameOrigin,
    });
    fromBuilder(frame, { name: "status-changed", data: { status: "navigate" } });
    expect(bar()?.style.height).toBe("65px");
    fromBuilder(frame, { name: "status-changed", data: { status: "editor" } });
    expect(bar()?.style.height).toBe("100vh");
    fromBuilder(frame, { name: "status-changed", data: { status: "picker" } });
    expect(bar()?.style.height).toBe("65px");
  });

  test("ignores messages from another origin", () => {
    const frame = start();
    fromBuilder(frame, { name: "init" }, "http://evil.test");
    fromBuilder(frame, { name: "status-changed", data: { status: "editor" } }, "http://evil.test");
    expect(frame.posted).toEqual([]);
    expect(bar()?.style.height).toBe("0px");
  });

  test("picks a page element in picker mode, swallowing the page's click, never its own UI", () => {
    const frame = start();
    fromBuilder(frame, { name: "init" });
    fromBuilder(frame, { name: "status-changed", data: { status: "picker" } });
    let pageSawClick = false;
    const button = document.getElementById("buy") as HTMLElement;
    button.addEventListener("click", () => {
      pageSawClick = true;
    });
    // A click on the builder's own UI (the widget's shadow host) is not a pick.
    context.element.dispatchEvent(new MouseEvent("click", { bubbles: true, composed: true }));
    expect(names(frame)).toEqual(["data"]);
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(pageSawClick).toBe(false);
    expect(frame.posted[1]?.message).toEqual({
      name: "element-picked",
      type: "tourbuilder",
      data: { selector: "#buy", text: "Buy now", page: location.href },
    });
    // One pick per picker run: the next click is the page's again.
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(pageSawClick).toBe(true);
  });

  test("counts what picked selectors find on the live page, and says when a pick has no name", () => {
    const frame = start();
    fromBuilder(frame, { name: "init" });
    document.body.insertAdjacentHTML("beforeend", "<div><p>a</p><p>b</p></div>");
    fromBuilder(frame, {
      name: "check-selectors",
      data: { selectors: ["#buy", "main a", "#gone", "[[bad", "p"] },
    });
    expect(frame.posted.at(-1)?.message).toEqual({
      name: "selectors-checked",
      type: "tourbuilder",
      data: {
        counts: [
          { selector: "#buy", count: 1 },
          { selector: "main a", count: 1 },
          { selector: "#gone", count: 0 },
          { selector: "[[bad", count: 0 },
          { selector: "p", count: 2 },
        ],
        page: location.href,
      },
    });
    // A paragraph only its position tells apart: no selector, and picking goes on.
    fromBuilder(frame, { name: "status-changed", data: { status: "picker" } });
    const second = document.querySelectorAll("p")[1] as HTMLElement;
    second.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(frame.posted.at(-1)?.message).toEqual({
      name: "element-unnamed",
      type: "tourbuilder",
      data: { text: "b", page: location.href },
    });
    (document.getElementById("buy") as HTMLElement).dispatchEvent(
      new MouseEvent("click", { bubbles: true, cancelable: true }),
    );
    expect(frame.posted.at(-1)?.message).toMatchObject({ name: "element-picked" });
  });

  test("reports the page every second when it changed", () => {
    // The page check is an interval; fake timers move it on a tick at a time instead of waiting seconds.
    jest.useFakeTimers();
    const frame = start();
    fromBuilder(frame, { name: "init" });
    history.pushState({}, "", "/checkout");
    jest.advanceTimersByTime(builderPageReportMs);
    expect(frame.posted.at(-1)?.message).toEqual({
      name: "page-changed",
      type: "tourbuilder",
      data: { page: location.href },
    });
    const count = frame.posted.length;
    jest.advanceTimersByTime(builderPageReportMs);
    expect(frame.posted.length).toBe(count);
    history.pushState({}, "", "/");
  });

  test("passes save and update-steps on to the admin window, clicks and outlines for the frame", () => {
    const opener: Array<{ message: unknown; origin: string }> = [];
    Object.defineProperty(window, "opener", {
      value: {
        postMessage: (message: string, origin: string) =>
          opener.push({ message: JSON.parse(message), origin }),
      },
      configurable: true,
    });
    const frame = start();
    fromBuilder(frame, { name: "save", data: { kind: "tour", itemId: "o1" } });
    fromBuilder(frame, { name: "update-steps", data: { steps: [{ selector: "#buy" }] } });
    expect(opener).toEqual([
      { message: { name: "save", type: "admin", data: { kind: "tour", itemId: "o1" } }, origin: adminOrigin },
      {
        message: { name: "update-steps", type: "admin", data: { steps: [{ selector: "#buy" }] } },
        origin: adminOrigin,
      },
    ]);
    let clicked = 0;
    document.getElementById("buy")?.addEventListener("click", () => clicked++);
    fromBuilder(frame, { name: "click", data: { selector: "#buy" } });
    fromBuilder(frame, { name: "click", data: { selector: "[[bad" } });
    expect(clicked).toBe(1);
    fromBuilder(frame, { name: "highlight-element", data: { selector: "#buy" } });
    expect(context.root.querySelector<HTMLElement>(".gb-highlight")?.hidden).toBe(false);
    fromBuilder(frame, { name: "highlight-element", data: { selector: null } });
    expect(context.root.querySelector<HTMLElement>(".gb-highlight")?.hidden).toBe(true);
    Object.defineProperty(window, "opener", { value: null, configurable: true });
  });

  test("collapses and expands with its toggle, and unmounting takes everything away", () => {
    const frame = start();
    fromBuilder(frame, { name: "init" });
    fromBuilder(frame, { name: "status-changed", data: { status: "navigate" } });
    const toggle = context.root.querySelector<HTMLButtonElement>(".gb-toggle");
    toggle?.click();
    expect(bar()?.dataset.collapsed).toBe("true");
    expect(toggle?.getAttribute("aria-expanded")).toBe("false");
    toggle?.click();
    expect(bar()?.dataset.collapsed).toBe("false");
    expect(document.body.style.getPropertyValue("margin-bottom")).toBe("65px");
    run("closeBuilder", []);
    expect(bar()).toBeNull();
    expect(document.body.style.getPropertyValue("margin-bottom")).toBe("");
  });
});
