import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Rect } from "../common/bubble-placement.ts";
import { settleFrames } from "./step-follow.ts";
import {
  clickPasses,
  createTourStage,
  cutoutOf,
  isOffScreen,
  isOutOfView,
  overlayBlocks,
  stepPlacement,
  type TourStage,
} from "./tour-stage.ts";

const viewport = { width: 1000, height: 800 };

describe("the cut-out and the clicks it lets through", () => {
  const element = { left: 100, top: 200, width: 120, height: 40 };

  test("the element's box grown by 10 px on every side (spec §9)", () => {
    expect(cutoutOf(element)).toEqual({ left: 90, top: 190, width: 140, height: 60 });
  });

  test("clicks pass inside the cut-out only", () => {
    const blocks = overlayBlocks(cutoutOf(element), viewport);
    expect(clickPasses({ x: 150, y: 220 }, blocks)).toBe(true);
    // The padding is part of the cut-out.
    expect(clickPasses({ x: 91, y: 191 }, blocks)).toBe(true);
    for (const point of [
      { x: 5, y: 5 },
      { x: 89, y: 220 },
      { x: 231, y: 220 },
      { x: 150, y: 189 },
      { x: 150, y: 251 },
      { x: 999, y: 799 },
    ])
      expect(clickPasses(point, blocks), JSON.stringify(point)).toBe(false);
  });

  test("the blocks cover the window around the cut-out without overlapping it", () => {
    const blocks = overlayBlocks(cutoutOf(element), viewport);
    const area = blocks.reduce((sum, block) => sum + block.width * block.height, 0);
    expect(area).toBe(viewport.width * viewport.height - 140 * 60);
  });

  test("a cut-out partly out of the window: the blocks stay inside it", () => {
    const blocks = overlayBlocks({ left: -20, top: -10, width: 100, height: 50 }, viewport);
    for (const block of blocks) {
      expect(block.width).toBeGreaterThanOrEqual(0);
      expect(block.height).toBeGreaterThanOrEqual(0);
    }
    expect(clickPasses({ x: 0, y: 0 }, blocks)).toBe(true);
    expect(clickPasses({ x: 80, y: 20 }, blocks)).toBe(false);
  });

  test("without a cut-out, no click reaches the page", () => {
    const blocks = overlayBlocks(null, viewport);
    expect(blocks).toEqual([{ left: 0, top: 0, width: 1000, height: 800 }]);
    expect(clickPasses({ x: 500, y: 400 }, blocks)).toBe(false);
  });
});

describe("scrolling and hiding", () => {
  test("an element not wholly in the window is scrolled to; one inside is left where it is", () => {
    expect(isOffScreen({ left: 10, top: 10, width: 100, height: 30 }, viewport)).toBe(false);
    expect(isOffScreen({ left: 10, top: 790, width: 100, height: 30 }, viewport)).toBe(true);
    expect(isOffScreen({ left: 10, top: -5, width: 100, height: 30 }, viewport)).toBe(true);
    expect(isOffScreen({ left: 950, top: 10, width: 100, height: 30 }, viewport)).toBe(true);
  });

  test("an element wholly out of view has its popover hidden", () => {
    expect(isOutOfView({ left: 10, top: -40, width: 100, height: 30 }, viewport)).toBe(true);
    expect(isOutOfView({ left: 10, top: 800, width: 100, height: 30 }, viewport)).toBe(true);
    expect(isOutOfView({ left: 10, top: -20, width: 100, height: 30 }, viewport)).toBe(false);
  });
});

describe("stepPlacement", () => {
  const popover = { width: 280, height: 150 };

  test("below the element, the arrow at its middle", () => {
    expect(stepPlacement({ left: 400, top: 100, width: 200, height: 40 }, popover, viewport)).toEqual({
      left: 360,
      top: 150,
      side: "bottom",
      arrow: 140,
    });
  });

  test("without an element: in the middle, no arrow", () => {
    expect(stepPlacement(null, popover, viewport)).toEqual({
      left: 360,
      top: 325,
      side: "center",
      arrow: null,
    });
    // Larger than the window: from its top-left margin.
    expect(stepPlacement(null, { width: 1200, height: 900 }, viewport)).toMatchObject({ left: 8, top: 8 });
  });

  test("an element too large for any side: kept inside the window, without an arrow", () => {
    const huge = { left: 0, top: 0, width: 1000, height: 800 };
    const placement = stepPlacement(huge, popover, viewport);
    expect(placement.arrow).toBeNull();
    expect(placement.left).toBeGreaterThanOrEqual(8);
    expect(placement.left + popover.width).toBeLessThanOrEqual(992);
    expect(placement.top + popover.height).toBeLessThanOrEqual(792);
  });
});

describe("the stage in a document", () => {
  let host: HTMLElement;
  let root: ShadowRoot;
  let frames: Array<() => void>;
  let boxes: Map<Element, Rect>;
  let stage: TourStage;
  let warnings: string[];
  let scrolled: Array<ScrollIntoViewOptions | boolean | undefined>;
  /** Which wait each frame callback was asked with, in order. */
  let asked: string[];

  /** One frame: what was waiting for it runs (what it asks for waits for the next). */
  const runFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };
  /** Frames until nothing waits for one (the first placement takes two: it waits for stillness). */
  const runFrames = () => {
    for (let frame = 0; frames.length > 0 && frame < 100; frame++) runFrame();
  };
  const px = (element: Element | null | undefined, property: string) =>
    (element as HTMLElement | null)?.style.getPropertyValue(property);

  beforeEach(() => {
    document.body.innerHTML = `<button id="save">Save</button>`;
    host = document.createElement("div");
    document.body.append(host);
    root = host.attachShadow({ mode: "open" });
    frames = [];
    boxes = new Map();
    warnings = [];
    scrolled = [];
    asked = [];
    const save = document.querySelector("#save") as HTMLElement;
    save.scrollIntoView = (options?: ScrollIntoViewOptions | boolean) => {
      scrolled.push(options);
      boxes.set(save, saveBox(380));
    };
    window.innerWidth = 1000;
    window.innerHeight = 800;
    stage = createTourStage({
      root,
      color: "#123456",
      nonce: "n0nce",
      warn: (message) => warnings.push(message),
      measure: (element) => boxes.get(element) ?? { left: 0, top: 0, width: 0, height: 0 },
      nextFrame: (callback) => {
        asked.push("the next frame");
        frames.push(callback);
      },
      afterFrame: (callback) => {
        asked.push("after the frame");
        frames.push(callback);
      },
    });
  });

  afterEach(() => {
    stage.remove();
    document.body.innerHTML = "";
  });

  function content(text: string) {
    const body = document.createElement("div");
    body.className = "gtr-body";
    body.textContent = text;
    return body;
  }

  /** Shows a step with no element to point at, its text also its label. */
  const showUntargeted = (text: string, wide: boolean) =>
    stage.show({ content: content(text), target: null, label: text, wide, focus: null });

  /** The Save button's box with its top at `top`. */
  const saveBox = (top: number): Rect => ({ left: 100, top, width: 80, height: 30 });

  /** Puts the Save button at `top` and shows its step. */
  function showSaveStep(top: number, label = "Save") {
    const save = document.querySelector("#save") as HTMLElement;
    boxes.set(save, saveBox(top));
    const popover = stage.show({ content: content("Save"), target: save, label, wide: false, focus: null });
    return { save, popover };
  }

  test("a step is built at once, placed and faded in after the frame, with its cut-out and blocks", () => {
    const { popover } = showSaveStep(200, "Saving");
    expect(root.querySelector("style")?.nonce).toBe("n0nce");
    expect(popover.getAttribute("role")).toBe("dialog");
    expect(popover.getAttribute("aria-label")).toBe("Saving");
    expect(popover.classList.contains("gtr-shown")).toBe(false);
    runFrames();
    expect(popover.classList.contains("gtr-shown")).toBe(true);
    expect(root.querySelector(".gtr-layer")?.classList.contains("gtr-on")).toBe(true);
    expect(popover.dataset.side).toBe("bottom");
    // happy-dom lays nothing out: the popover measures 0 x 0, centred under the element.
    expect(px(popover, "left")).toBe("140px");
    expect(px(popover, "top")).toBe("240px");
    const cutout = root.querySelector(".gtr-cutout");
    expect([px(cutout, "left"), px(cutout, "top"), px(cutout, "width"), px(cutout, "height")]).toEqual([
      "90px",
      "190px",
      "100px",
      "50px",
    ]);
    const top = root.querySelector(".gtr-block");
    expect([px(top, "width"), px(top, "height")]).toEqual(["1000px", "190px"]);
    // In the window already: not scrolled. The popover takes the focus (a dialog).
    expect(scrolled).toEqual([]);
    expect(root.activeElement).toBe(popover);
    expect(warnings).toEqual([]);
  });

  test("an element off screen is scrolled to the middle at once, then measured", () => {
    const { popover } = showSaveStep(2000);
    runFrames();
    expect(scrolled).toEqual([{ block: "center", inline: "nearest", behavior: "instant" }]);
    expect(px(popover, "top")).toBe("420px");
  });

  test("it follows the element once per frame however many scroll events come", () => {
    const { save, popover } = showSaveStep(200);
    runFrames();
    boxes.set(save, saveBox(100));
    window.dispatchEvent(new Event("scroll"));
    document.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("resize"));
    expect(frames).toHaveLength(1);
    runFrames();
    expect(px(popover, "top")).toBe("140px");
    // Scrolled out of view: the popover hides, the overlay stays.
    boxes.set(save, saveBox(-100));
    window.dispatchEvent(new Event("scroll"));
    runFrames();
    expect(popover.classList.contains("gtr-away")).toBe(true);
    // The next step stops following this one.
    showUntargeted("Next", true);
    runFrames();
    window.dispatchEvent(new Event("scroll"));
    expect(frames).toHaveLength(1);
  });

  test("a scroll is followed on the next frame; a change of the page once that frame was drawn", () => {
    const { save, popover } = showSaveStep(200);
    runFrames();
    asked = [];
    boxes.set(save, saveBox(150));
    window.dispatchEvent(new Event("scroll"));
    expect(asked).toEqual(["the next frame"]);
    runFrames();
    expect(px(popover, "top")).toBe("190px");
    asked = [];
    boxes.set(save, saveBox(120));
    window.dispatchEvent(new Event("resize"));
    // Measured from the next frame's callback, the page's relayout would run in our script.
    expect(asked).toEqual(["after the frame"]);
    runFrames();
    expect(px(popover, "top")).toBe("160px");
  });

  test("a banner pushing the page down (padding on <html>) moves the cut-out and the popover along", () => {
    const observed: Array<[Element, ResizeObserverOptions | undefined]> = [];
    let notify: () => void = () => undefined;
    const original = window.ResizeObserver;
    // happy-dom never lays out, so never reports a size change: a recording stand-in does.
    window.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        notify = () => callback([], this as unknown as ResizeObserver);
      }
      observe(element: Element, options?: ResizeObserverOptions) {
        observed.push([element, options]);
      }
      unobserve() {}
      disconnect() {
        notify = () => undefined;
      }
    } as unknown as typeof ResizeObserver;
    try {
      const { save, popover } = showSaveStep(200);
      runFrames();
      // Its border box: a padding-top leaves the content box's size as it was.
      expect(observed).toContainEqual([document.documentElement, { box: "border-box" }]);
      expect(observed.map(([element]) => element)).toContain(save);
      boxes.set(save, saveBox(252));
      notify();
      runFrames();
      expect(px(popover, "top")).toBe("292px");
      expect(px(root.querySelector(".gtr-cutout"), "top")).toBe("242px");
      stage.hide();
      notify();
      expect(frames).toHaveLength(0);
    } finally {
      window.ResizeObserver = original;
    }
  });

  test("the first placement waits until the element holds still for a frame (the page still moving)", () => {
    const { save, popover } = showSaveStep(200);
    runFrame();
    // A banner pushes the page down while the step waits: not placed where the element was.
    boxes.set(save, saveBox(252));
    runFrame();
    expect(popover.classList.contains("gtr-shown")).toBe(false);
    runFrame();
    expect(popover.classList.contains("gtr-shown")).toBe(true);
    expect(px(popover, "top")).toBe("292px");
    expect(px(root.querySelector(".gtr-cutout"), "top")).toBe("242px");
  });

  test("an element forever on the move still gets its step, after about half a second of frames", () => {
    let top = 200;
    const { save, popover } = showSaveStep(top);
    for (let frame = 0; frame <= settleFrames && !popover.classList.contains("gtr-shown"); frame++) {
      top += 1;
      boxes.set(save, saveBox(top));
      runFrame();
    }
    expect(popover.classList.contains("gtr-shown")).toBe(true);
  });

  test("an element that moves with nothing resized or scrolled is followed (a banner's padding on a border-box <html>)", () => {
    const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> =
      [];
    const original = window.IntersectionObserver;
    // happy-dom computes no intersections: a recording stand-in answers as Chromium would.
    window.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    const answer = (ratio: number) => {
      const latest = observers.at(-1);
      latest?.callback(
        [{ intersectionRatio: ratio } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    };
    try {
      const { save, popover } = showSaveStep(200);
      runFrames();
      expect(observers).toHaveLength(1);
      answer(1);
      expect(frames).toHaveLength(0);
      // The banner's padding moves the page down by 52 px: part of the element leaves its old box.
      boxes.set(save, saveBox(252));
      answer(0.4);
      runFrames();
      expect(px(popover, "top")).toBe("292px");
      expect(px(root.querySelector(".gtr-cutout"), "top")).toBe("242px");
      // Watched again around its new box.
      expect(observers).toHaveLength(2);
      stage.hide();
      answer(0.2);
      expect(frames).toHaveLength(0);
    } finally {
      window.IntersectionObserver = original;
    }
  });

  test("a step without an element: centred, no arrow, the whole window dark and blocked", () => {
    const popover = showUntargeted("Hi", true);
    runFrames();
    expect(popover.classList.contains("gtr-centered")).toBe(true);
    expect(popover.classList.contains("gtr-wide")).toBe(true);
    expect(popover.querySelector<HTMLElement>(".gtr-arrow")?.hidden).toBe(true);
    const blocks = [...root.querySelectorAll(".gtr-block")].map((block) => [
      px(block, "width"),
      px(block, "height"),
    ]);
    expect(blocks).toEqual([
      ["1000px", "800px"],
      ["0px", "0px"],
      ["0px", "0px"],
      ["0px", "0px"],
    ]);
  });

  test("an input step's field takes the focus; hide and remove leave nothing behind", () => {
    document.body.insertAdjacentHTML("beforeend", `<input id="field">`);
    const field = document.querySelector("#field") as HTMLInputElement;
    boxes.set(field, { left: 100, top: 200, width: 80, height: 30 });
    stage.show({ content: content("Type"), target: field, label: "Type", wide: false, focus: field });
    runFrames();
    expect(document.activeElement).toBe(field);
    stage.hide();
    expect(root.querySelector(".gtr-popover")).toBeNull();
    expect(root.querySelector<HTMLElement>(".gtr-layer")?.hidden).toBe(true);
    stage.remove();
    expect(root.querySelector(".gtr-layer")).toBeNull();
    expect(root.querySelector("style")).toBeNull();
  });

  test("a step taken away before its frame is never placed", () => {
    const popover = showUntargeted("Gone", false);
    stage.hide();
    runFrames();
    expect(popover.classList.contains("gtr-shown")).toBe(false);
  });
});
