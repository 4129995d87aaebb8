import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import type { Rect } from "../common/bubble-placement.ts";
import { readTooltips } from "./tooltip-config.ts";
import { tooltipTiming } from "./tooltip-hover.ts";
import { createTooltipManager, type TooltipManager } from "./tooltip-manager.ts";
import { placementRetries } from "./tooltip-positioning.ts";

/**
 * The manager on a real (happy-dom) document. happy-dom lays nothing out, so boxes come from a map the
 * test fills (what a browser's getBoundingClientRect would answer); frames and timers run on the fake clock.
 */

const setUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

let layer: HTMLElement;
let manager: TooltipManager | null = null;
let boxes: Map<Element, Rect>;
let measured = 0;
const frameMs = 16;

function start(afterFrame?: (callback: () => void) => void) {
  const host = document.createElement("div");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  layer = document.createElement("div");
  root.append(layer);
  manager = createTooltipManager({
    layer,
    window: window as Window & typeof globalThis,
    brandColor: () => "#485BFF",
    measure: (element) => {
      measured++;
      return boxes.get(element) ?? { left: 0, top: 0, width: 0, height: 0 };
    },
    measureText: () => null,
    nextFrame: (callback) => setTimeout(callback, frameMs),
    afterFrame,
  });
  return manager;
}

function page(html: string) {
  const main = document.createElement("main");
  main.innerHTML = html;
  document.body.append(main);
  return main;
}

const byId = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  return element;
};
const hotspots = () => [...layer.querySelectorAll<HTMLElement>(".gt-hotspot")];
const bubbles = () => [...layer.querySelectorAll<HTMLElement>(".gt-bubble")];
const tick = (ms: number) => jest.advanceTimersByTime(ms);

/**
 * Chromium's IntersectionObserver in place of happy-dom's (which never answers): each one records what
 * it watches and answers with the visible share a test gives it.
 */
function recordIntersectionObservers() {
  const made: Array<{ observed: Element[]; disconnected: boolean; answer(ratio: number): void }> = [];
  const original = window.IntersectionObserver;
  window.IntersectionObserver = class {
    constructor(callback: IntersectionObserverCallback) {
      const record = {
        observed: [] as Element[],
        disconnected: false,
        answer: (ratio: number) =>
          callback([{ intersectionRatio: ratio } as IntersectionObserverEntry], this as never),
      };
      made.push(record);
      Object.assign(this, {
        observe: (element: Element) => record.observed.push(element),
        disconnect: () => {
          record.disconnected = true;
        },
      });
    }
  } as unknown as typeof IntersectionObserver;
  return Object.assign(made, {
    restore: () => {
      window.IntersectionObserver = original;
    },
  });
}
/** Lets the MutationObserver deliver, then runs the frame it queued. */
async function settle() {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
  tick(frameMs);
}

beforeEach(() => {
  jest.useFakeTimers();
  setUrl("http://localhost:3000/demo");
  boxes = new Map();
  measured = 0;
});

afterEach(() => {
  manager?.destroy();
  manager = null;
  jest.useRealTimers();
  document.body.innerHTML = "";
});

describe("hotspots", () => {
  test("a hotspot beside its element, in the tooltip's colour, hovered shows the bubble; leaving hides it after 500 ms and a 200 ms fade", () => {
    page('<h2 id="spaces">Shared spaces</h2>');
    boxes.set(byId("spaces"), { left: 100, top: 300, width: 200, height: 30 });
    start().setTooltips(
      readTooltips([
        {
          id: "t1",
          selector: "#spaces",
          mode: "hotspot",
          color: "#FF6705",
          animated: true,
          html: "<p>Invite your <strong>team</strong></p><script>alert(1)</script>",
        },
      ]),
    );
    const [hotspot] = hotspots();
    const [bubble] = bubbles();
    if (!hotspot || !bubble) throw new Error("no hotspot");
    expect(hotspot.hidden).toBe(false);
    expect(hotspot.style.left).toBe("304px");
    expect(hotspot.style.top).toBe(`${Math.round(300 + 15 - 8.5)}px`);
    expect(hotspot.style.getPropertyValue("--gt-color")).toBe("#FF6705");
    expect(hotspot.querySelector(".gt-pulse")).not.toBeNull();
    expect(hotspot.getAttribute("aria-describedby")).toBe(bubble.id);
    expect(bubble.querySelector(".gt-content")?.innerHTML).toBe("<p>Invite your <strong>team</strong></p>");
    expect(bubble.classList.contains("gt-shown")).toBe(false);

    boxes.set(hotspot, { left: 304, top: 306, width: 17, height: 17 });
    boxes.set(bubble, { left: 0, top: 0, width: 240, height: 60 });
    hotspot.dispatchEvent(new MouseEvent("mouseenter"));
    expect(bubble.classList.contains("gt-shown")).toBe(true);
    expect(bubble.dataset.side).toBe("right");
    expect(bubble.style.left).toBe(`${304 + 17 + 10}px`);

    hotspot.dispatchEvent(new MouseEvent("mouseleave"));
    tick(tooltipTiming.hideDelayMs - 1);
    expect(bubble.classList.contains("gt-shown")).toBe(true);
    tick(1);
    expect(bubble.classList.contains("gt-shown")).toBe(false);
    expect(bubble.classList.contains("gt-fading")).toBe(true);
    tick(tooltipTiming.fadeMs);
    expect(bubble.classList.contains("gt-fading")).toBe(false);
    expect(hotspot.getAttribute("aria-expanded")).toBe("false");
  });

  test("moving from the hotspot onto the bubble keeps it open", () => {
    page('<button id="save">Save</button>');
    boxes.set(byId("save"), { left: 10, top: 10, width: 60, height: 30 });
    start().setTooltips(readTooltips([{ selector: "#save", mode: "hotspot", html: "Saves" }]));
    const [hotspot] = hotspots();
    const [bubble] = bubbles();
    if (!hotspot || !bubble) throw new Error("no hotspot");
    hotspot.dispatchEvent(new MouseEvent("mouseenter"));
    hotspot.dispatchEvent(new MouseEvent("mouseleave"));
    tick(300);
    bubble.dispatchEvent(new MouseEvent("mouseenter"));
    tick(2000);
    expect(bubble.classList.contains("gt-shown")).toBe(true);
    bubble.dispatchEvent(new MouseEvent("mouseleave"));
    tick(tooltipTiming.hideDelayMs + tooltipTiming.fadeMs);
    expect(bubble.classList.contains("gt-shown")).toBe(false);
  });

  test("resizes move the hotspots at most every 250 ms", () => {
    page('<p id="note">Note</p>');
    const note = byId("note");
    boxes.set(note, { left: 100, top: 100, width: 50, height: 20 });
    start().setTooltips(readTooltips([{ selector: "#note", mode: "hotspot" }]));
    const [hotspot] = hotspots();
    boxes.set(note, { left: 400, top: 100, width: 50, height: 20 });
    window.dispatchEvent(new Event("resize"));
    window.dispatchEvent(new Event("resize"));
    tick(tooltipTiming.resizeThrottleMs - 1);
    expect(hotspot?.style.left).toBe("154px");
    tick(1);
    expect(hotspot?.style.left).toBe("454px");
  });

  test("an element moved by a layout change the page does not announce is followed once the next frame was drawn", () => {
    const watches = recordIntersectionObservers();
    try {
      page('<p id="note">Note</p>');
      const note = byId("note");
      boxes.set(note, { left: 100, top: 100, width: 50, height: 20 });
      const asked: string[] = [];
      start((callback) => {
        asked.push("after the frame");
        setTimeout(callback, frameMs);
      }).setTooltips(readTooltips([{ selector: "#note", mode: "hotspot" }]));
      expect(watches.map((watch) => watch.observed)).toEqual([[note]]);
      // The first answer: the whole element inside its own box, nothing moved.
      watches.at(-1)?.answer(1);
      // Nothing else is measured while it stays: no placing once a second.
      measured = 0;
      tick(tooltipTiming.urlCheckMs * 3);
      expect(measured).toBe(0);
      // Content inserted above it pushes it down by 27 px: part of it leaves its old box.
      boxes.set(note, { left: 100, top: 127, width: 50, height: 20 });
      asked.length = 0;
      watches.at(-1)?.answer(0.4);
      // Not from the next frame's callback: the page's relayout would run in our script then.
      expect(asked).toEqual(["after the frame"]);
      tick(frameMs);
      expect(hotspots()[0]?.style.top).toBe(`${Math.round(127 + 10 - 8.5)}px`);
      // Watched anew around its new box.
      expect(watches).toHaveLength(2);
      expect(watches[0]?.disconnected).toBe(true);
    } finally {
      watches.restore();
    }
  });

  test("several hotspots are placed reading every element before moving any (one layout, not one each)", () => {
    page('<p id="a">A</p><p id="b">B</p><p id="c">C</p>');
    for (const [index, id] of ["a", "b", "c"].entries())
      boxes.set(byId(id), { left: 10, top: 10 + 40 * index, width: 50, height: 20 });
    const movedBeforeReading: boolean[] = [];
    const manager = start();
    // Each reading notes whether a hotspot was already moved: the browser lays the page out again then.
    const measuring = boxes;
    boxes = new Proxy(measuring, {
      get(target, key) {
        if (key === "get") movedBeforeReading.push(hotspots().some((hotspot) => hotspot.style.top !== ""));
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    manager.setTooltips(readTooltips([{ selector: "p", mode: "hotspot" }]));
    expect(hotspots().map((hotspot) => hotspot.style.top)).toEqual(
      [10, 50, 90].map((top) => `${Math.round(top + 10 - 8.5)}px`),
    );
    expect(movedBeforeReading.length).toBeGreaterThanOrEqual(3);
    expect(movedBeforeReading.every((moved) => !moved)).toBe(true);
  });

  test("an element without a box yet is tried again every frame, at most 50 times", () => {
    page('<p id="late">Late</p><p id="never">Never</p>');
    start().setTooltips(
      readTooltips([
        { id: "late", selector: "#late", mode: "hotspot" },
        { id: "never", selector: "#never", mode: "hotspot" },
      ]),
    );
    const [late, never] = hotspots();
    expect(late?.hidden).toBe(true);
    tick(frameMs * 10);
    boxes.set(byId("late"), { left: 10, top: 10, width: 40, height: 20 });
    tick(frameMs);
    expect(late?.hidden).toBe(false);
    measured = 0;
    // Only #never is still tried, once a frame, until its retries run out.
    tick(frameMs * (placementRetries - 11));
    expect(measured).toBe(placementRetries - 11);
    tick(frameMs * 5);
    expect(measured).toBe(placementRetries - 11);
    expect(never?.hidden).toBe(true);
  });
});

describe("plain tooltips and the page", () => {
  test("plain mode shows on hovering the element itself and draws no hotspot", () => {
    page('<button id="identify">Sign in</button>');
    const button = byId("identify");
    boxes.set(button, { left: 10, top: 10, width: 80, height: 30 });
    start().setTooltips(readTooltips([{ selector: "#identify", html: "Try it" }]));
    expect(hotspots()).toHaveLength(0);
    const [bubble] = bubbles();
    if (!bubble) throw new Error("no bubble");
    boxes.set(bubble, { left: 0, top: 0, width: 100, height: 40 });
    button.dispatchEvent(new MouseEvent("mouseenter"));
    expect(bubble.classList.contains("gt-shown")).toBe(true);
    button.dispatchEvent(new MouseEvent("mouseleave"));
    tick(tooltipTiming.hideDelayMs + tooltipTiming.fadeMs);
    expect(bubble.classList.contains("gt-shown")).toBe(false);
  });

  test("only where the page filter matches, following a single-page app's address", async () => {
    page('<h1 id="title">Pricing</h1>');
    start().setTooltips(
      readTooltips([{ selector: "#title", mode: "hotspot", page: "/pricing", pageType: "contains" }]),
    );
    expect(hotspots()).toHaveLength(0);
    history.pushState({}, "", "/demo/pricing");
    tick(tooltipTiming.urlCheckMs);
    await settle();
    expect(hotspots()).toHaveLength(1);
    history.pushState({}, "", "/demo");
    tick(tooltipTiming.urlCheckMs);
    await settle();
    expect(hotspots()).toHaveLength(0);
  });

  test("elements added later get their tooltip; removed ones lose it; bad selectors match nothing", async () => {
    const main = page("<p>nothing yet</p>");
    start().setTooltips(
      readTooltips([
        { selector: ".plan", mode: "hotspot" },
        { selector: "p[", mode: "hotspot" },
      ]),
    );
    expect(hotspots()).toHaveLength(0);
    main.insertAdjacentHTML("beforeend", '<div class="plan">A</div><div class="plan">B</div>');
    await settle();
    expect(hotspots()).toHaveLength(2);
    main.querySelector(".plan")?.remove();
    await settle();
    expect(hotspots()).toHaveLength(1);
    manager?.destroy();
    expect(layer.childElementCount).toBe(0);
  });
});
