import {
  type BubbleSide,
  bubblePlacement,
  hasBox,
  type Rect,
  type Size,
  viewportMargin,
} from "../common/bubble-placement.ts";
import { afterFrame, animationFrame, measureBox, placementQueue } from "../common/frames.ts";
import { followStep, whenStill } from "./step-follow.ts";
import { tourLook } from "./tour-steps.ts";
import { tourStyles } from "./tour-styles.ts";

/**
 * Where a product tour's step is drawn (spec §2, §9), in the widget's shadow root: a dark overlay with
 * a cut-out around the step's element (padding 10, radius 5) and the step's popover beside it with its
 * arrow, or in the middle when the step has no element. Plain DOM, measured once per frame at most:
 *   - the look of the overlay is one box the size of the cut-out whose wide `box-shadow` darkens the
 *     rest of the window; four transparent boxes around the cut-out catch the clicks on the dark part,
 *     so clicks reach the page only through the cut-out (where step-wiring.ts decides whether the
 *     element takes them);
 *   - the element is measured just after a frame was drawn, when the page's layout is clean, and
 *     again in the frame after a scroll, a resize or a size change of the element, the popover or the
 *     page, never in a loop;
 *   - an element off screen is scrolled to the middle at once (a smooth scroll repaints the host page
 *     on every frame of it, bench/host-impact.ts);
 *   - only opacity is animated (the popover's and the overlay's fade), nothing that lays out again.
 * Styles are set through the CSSOM (strict CSP with a nonce: no `style` attributes).
 */

/** The cut-out around an element: the element's box grown by the padding on every side. */
export function cutoutOf(target: Rect, padding: number = tourLook.stagePadding): Rect {
  return {
    left: target.left - padding,
    top: target.top - padding,
    width: target.width + 2 * padding,
    height: target.height + 2 * padding,
  };
}

/**
 * The boxes that catch clicks on the dark part of the overlay: the whole window without a cut-out,
 * else the bands above and below the cut-out and the two pieces beside it, so a click reaches the page
 * exactly where the cut-out is (its corners aside, 5 px rounded on screen, square here).
 */
export function overlayBlocks(cutout: Rect | null, viewport: Size): Rect[] {
  const whole = { left: 0, top: 0, width: viewport.width, height: viewport.height };
  if (!cutout) return [whole];
  const left = Math.min(Math.max(cutout.left, 0), viewport.width);
  const top = Math.min(Math.max(cutout.top, 0), viewport.height);
  const right = Math.min(Math.max(cutout.left + cutout.width, left), viewport.width);
  const bottom = Math.min(Math.max(cutout.top + cutout.height, top), viewport.height);
  return [
    { left: 0, top: 0, width: viewport.width, height: top },
    { left: 0, top: bottom, width: viewport.width, height: viewport.height - bottom },
    { left: 0, top, width: left, height: bottom - top },
    { left: right, top, width: viewport.width - right, height: bottom - top },
  ];
}

/** Whether a click at `point` reaches the page (it is in none of the blocks). */
export function clickPasses(point: { x: number; y: number }, blocks: Rect[]): boolean {
  return !blocks.some(
    (block) =>
      point.x >= block.left &&
      point.x < block.left + block.width &&
      point.y >= block.top &&
      point.y < block.top + block.height,
  );
}

/** An element that is not wholly inside the window is scrolled to its middle before its step shows. */
export function isOffScreen(target: Rect, viewport: Size): boolean {
  return (
    target.top < 0 ||
    target.left < 0 ||
    target.top + target.height > viewport.height ||
    target.left + target.width > viewport.width
  );
}

/** Nothing of the element is in the window (scrolled away): its popover hides until it is back. */
export function isOutOfView(target: Rect, viewport: Size): boolean {
  return (
    target.top + target.height <= 0 ||
    target.left + target.width <= 0 ||
    target.top >= viewport.height ||
    target.left >= viewport.width
  );
}

export interface StepPlacement {
  left: number;
  top: number;
  side: BubbleSide | "center";
  /** Where the arrow sits along the popover's side (see `bubblePlacement`); null: no arrow. */
  arrow: number | null;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/**
 * The popover below its element (above, or beside, when there is no room: `bubblePlacement`), or in
 * the middle of the window for a step without one. Where nothing fits (an element taller than the
 * window) it is kept inside the window over the element, without an arrow pointing nowhere.
 */
export function stepPlacement(target: Rect | null, popover: Size, viewport: Size): StepPlacement {
  const maxLeft = Math.max(viewportMargin, viewport.width - viewportMargin - popover.width);
  const maxTop = Math.max(viewportMargin, viewport.height - viewportMargin - popover.height);
  if (!target)
    return {
      left: clamp((viewport.width - popover.width) / 2, viewportMargin, maxLeft),
      top: clamp((viewport.height - popover.height) / 2, viewportMargin, maxTop),
      side: "center",
      arrow: null,
    };
  const placed = bubblePlacement(target, popover, viewport, "bottom");
  const left = clamp(placed.left, viewportMargin, maxLeft);
  const top = clamp(placed.top, viewportMargin, maxTop);
  const moved = left !== placed.left || top !== placed.top;
  return { left, top, side: placed.side, arrow: moved ? null : placed.arrow };
}

export interface StageStep {
  /** The popover's inside (tour-popover.ts). */
  content: HTMLElement;
  /** The step's element; null: the step shows in the middle. */
  target: Element | null;
  /** The dialog's name. */
  label: string;
  /** The wide "post" popover (550 px). */
  wide: boolean;
  /** What takes the focus once the step is placed (an input step's field); else the popover. */
  focus: HTMLElement | null;
}

export interface StageOptions {
  root: ShadowRoot;
  color: string;
  nonce?: string;
  warn(message: string, error?: unknown): void;
  /** Tests pass their own boxes and frames (happy-dom lays nothing out). */
  measure?: (element: Element) => Rect;
  nextFrame?: (callback: () => void) => void;
  afterFrame?: (callback: () => void) => void;
}

export interface TourStage {
  /** Draws a step (taking away the one before); it is placed and faded in after the next frame. */
  show(step: StageStep): HTMLElement;
  /** Nothing on screen (while the next step's element is waited for). */
  hide(): void;
  remove(): void;
}

const px = (value: number) => `${Math.round(value)}px`;

function setBox(element: HTMLElement, box: Rect) {
  element.style.left = px(box.left);
  element.style.top = px(box.top);
  element.style.width = px(box.width);
  element.style.height = px(box.height);
}

/** The layer every step is drawn in: the overlay's cut-out and the four boxes that catch its clicks. */
function buildLayer(document: Document, options: StageOptions) {
  const style = document.createElement("style");
  if (options.nonce) style.nonce = options.nonce;
  style.textContent = tourStyles(options.color);
  const layer = document.createElement("div");
  layer.className = "gtr-layer";
  layer.dataset.gleapSurface = "tour";
  layer.hidden = true;
  const overlay = document.createElement("div");
  overlay.className = "gtr-overlay";
  const cutout = document.createElement("div");
  cutout.className = "gtr-cutout";
  const blocks = [0, 1, 2, 3].map(() => {
    const block = document.createElement("div");
    block.className = "gtr-block";
    return block;
  });
  overlay.append(cutout, ...blocks);
  layer.append(overlay);
  return { style, layer, cutout, blocks };
}

/** A step's popover (a dialog named by the step) with its arrow, not yet placed. */
function buildPopover(document: Document, step: StageStep) {
  const popover = document.createElement("div");
  popover.className = "gtr-popover";
  popover.classList.toggle("gtr-wide", step.wide);
  popover.classList.toggle("gtr-centered", !step.target);
  popover.setAttribute("role", "dialog");
  popover.setAttribute("aria-label", step.label);
  popover.tabIndex = -1;
  const arrow = document.createElement("div");
  arrow.className = "gtr-arrow";
  popover.append(arrow, step.content);
  return { popover, arrow };
}

interface ShownStep {
  step: StageStep;
  popover: HTMLElement;
  arrow: HTMLElement;
  /** Placed once: from then on it follows its element. */
  placed: boolean;
}

/** Moves the cut-out, the click blocks and the popover to where the step's element is now. */
function placeStep(
  { step, popover, arrow }: ShownStep,
  overlay: { cutout: HTMLElement; blocks: HTMLElement[] },
  size: Size,
  measure: (element: Element) => Rect,
) {
  // Every measurement before any change, so reading never forces a layout of what was just moved.
  const box = step.target?.isConnected ? measure(step.target) : null;
  const popoverSize = { width: popover.offsetWidth, height: popover.offsetHeight };
  const laidOut = box !== null && hasBox(box);
  const cut = laidOut ? cutoutOf(box) : null;
  // A step without an element darkens the whole window: the cut-out box shrinks to nothing in its
  // middle and its shadow covers everything.
  setBox(overlay.cutout, cut ?? { left: size.width / 2, top: size.height / 2, width: 0, height: 0 });
  const rects = overlayBlocks(cut, size);
  overlay.blocks.forEach((block, index) => {
    setBox(block, rects[index] ?? { left: 0, top: 0, width: 0, height: 0 });
  });

  const placement = stepPlacement(step.target ? box : null, popoverSize, size);
  popover.style.left = px(placement.left);
  popover.style.top = px(placement.top);
  popover.dataset.side = placement.side;
  // An element scrolled away (or not laid out) has nothing for its popover to point at.
  popover.classList.toggle("gtr-away", !!step.target && (!laidOut || isOutOfView(box, size)));
  arrow.hidden = placement.arrow === null;
  if (placement.arrow !== null) {
    const along = px(placement.arrow - tourLook.arrowSize / 2);
    const vertical = placement.side === "left" || placement.side === "right";
    arrow.style.top = vertical ? along : "";
    arrow.style.left = vertical ? "" : along;
  }
}

/** Wraps a callback of ours so that it never throws into the host page: a failure is warned about. */
const guardedBy = (warn: StageOptions["warn"]) => (callback: () => void) => () => {
  try {
    callback();
  } catch (error) {
    warn("the product tour could not be placed", error);
  }
};

/** A step's element not wholly in the window is scrolled to its middle at once, before it is measured. */
function scrollToIfOffScreen(target: Element, box: Rect, viewport: Size) {
  if (hasBox(box) && isOffScreen(box, viewport))
    target.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
}

export function createTourStage(options: StageOptions): TourStage {
  const { root } = options;
  const document = root.ownerDocument;
  const window = (document.defaultView ?? globalThis.window) as Window & typeof globalThis;
  const measure = options.measure ?? measureBox;
  const nextFrame = options.nextFrame ?? animationFrame(window);
  const whenDrawn = options.afterFrame ?? afterFrame(window);
  const { style, layer, cutout, blocks } = buildLayer(document, options);
  root.append(style, layer);

  let current: ShownStep | null = null;
  let unfollow = () => {};
  let removed = false;

  const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });
  const place = (shown: ShownStep) => placeStep(shown, { cutout, blocks }, viewport(), measure);

  const guarded = guardedBy(options.warn);

  // A scroll is followed on the next frame, so the popover keeps up; a change of the page once that
  // frame was drawn: measured from the frame's callback, the page's relayout would run in our script
  // (a long task on a large page that is still loading, bench/host-impact.ts).
  const placeAfter = placementQueue(
    guarded(() => {
      if (current?.placed) place(current);
    }),
    () => !!current?.placed && !removed,
  );
  const moves = { scrolled: placeAfter(nextFrame), changed: placeAfter(whenDrawn) };

  function clearStep() {
    unfollow();
    unfollow = () => {};
    current?.popover.remove();
    current = null;
  }

  function firstPlacement(shown: ShownStep) {
    if (current !== shown || removed) return;
    const { target } = shown.step;
    if (target?.isConnected) scrollToIfOffScreen(target, measure(target), viewport());
    const wanted = () => current === shown && !removed;
    const box = () => (target?.isConnected ? measure(target) : null);
    whenStill({ box, whenDrawn, wanted, guarded }, () => {
      place(shown);
      shown.placed = true;
      layer.classList.add("gtr-on");
      shown.popover.classList.add("gtr-shown");
      (shown.step.focus ?? shown.popover).focus({ preventScroll: true });
      unfollow = followStep(window, { popover: shown.popover, target }, measure, moves);
    });
  }

  return {
    show(step) {
      clearStep();
      const { popover, arrow } = buildPopover(document, step);
      layer.append(popover);
      layer.hidden = false;
      const shown: ShownStep = { step, popover, arrow, placed: false };
      current = shown;
      // Built now, measured once the frame that lays it out was drawn (see the file's comment).
      whenDrawn(guarded(() => firstPlacement(shown)));
      return popover;
    },
    hide() {
      clearStep();
      layer.hidden = true;
      layer.classList.remove("gtr-on");
    },
    remove() {
      removed = true;
      clearStep();
      style.remove();
      layer.remove();
    },
  };
}
