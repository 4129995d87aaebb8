import type { Rect } from "../common/bubble-placement.ts";
import { afterFrame, animationFrame, measureBox } from "../common/frames.ts";
import { watchPage } from "./page-watch.ts";
import { type Tooltip, tooltipsForPage } from "./tooltip-config.ts";
import { type Attached, buildTooltipElements } from "./tooltip-elements.ts";
import { createFollowing } from "./tooltip-following.ts";
import { hideBubble, listenForHover, showBubble } from "./tooltip-hover.ts";
import { textWidth } from "./tooltip-positioning.ts";

/**
 * Tooltips on the host page (spec §2, §4): finds each tooltip's elements by selector, draws a hotspot
 * beside them (hotspot mode) and a bubble with the tooltip's HTML that shows on hover. Hotspots and
 * bubbles live in the widget's shadow root as `position: fixed` boxes that follow their element; the
 * host page's DOM is never changed (the reference inserts its anchors into the page), only listened to.
 */

export interface TooltipManagerOptions {
  /** The element in the shadow root that holds every hotspot and bubble. */
  layer: HTMLElement;
  window: Window & typeof globalThis;
  /** The project's brand colour, for hotspots without a colour of their own. */
  brandColor: () => string;
  /** Where an element is on screen; tests give fixed boxes (happy-dom lays nothing out). */
  measure?: (element: Element) => Rect;
  /** The width of an element's text, or null when it has none (see `hotspotPosition`). */
  measureText?: (element: Element) => number | null;
  /** The next frame; tests run frames on their fake clock. */
  nextFrame?: (callback: () => void) => void;
  /** Just after the next frame was drawn (tooltip-positioning.ts); by default `nextFrame`'s when given. */
  afterFrame?: (callback: () => void) => void;
}

export function createTooltipManager(options: TooltipManagerOptions) {
  const { layer, window } = options;
  const document = window.document;
  const nextFrame = options.nextFrame ?? animationFrame(window);
  const following = createFollowing({
    window,
    measure: options.measure ?? measureBox,
    measureText: options.measureText ?? textWidth(window),
    nextFrame,
    placeWhenDrawn: () => page.placeWhenDrawn(),
    stopped: () => stopped,
  });
  const { placeWithRetries, placeBubble } = following.positioner;
  const { followMoves } = following;

  let tooltips: Tooltip[] = [];
  let forPage: Tooltip[] = [];
  let lastUrl = "";
  let attached: Attached[] = [];
  let nextId = 0;
  let stopped = false;

  function colorOf(tooltip: Tooltip) {
    return tooltip.color || options.brandColor() || "#485BFF";
  }

  /** Draws the tooltip's elements for `target`, unplaced: `sync` places every new one at once. */
  function attach(tooltip: Tooltip, target: Element): Attached {
    const id = `gt-${nextId++}`;
    const { bubble, hotspot } = buildTooltipElements(document, tooltip, id, colorOf(tooltip));
    layer.append(...(hotspot ? [hotspot, bubble] : [bubble]));

    const entry: Attached = { tooltip, target, hotspot, bubble, shown: false, detach: () => undefined };
    const unlisten = listenForHover(entry, {
      enter: () => showBubble(entry, () => placeWithRetries(() => placeBubble(entry) && followMoves(entry))),
      leave: () => hideBubble(entry),
      bubbleLoaded: () => placeBubble(entry),
    });
    entry.detach = () => {
      unlisten();
      entry.moves?.();
      page.sizes?.unobserve(target);
      clearTimeout(entry.hideTimer);
      clearTimeout(entry.fadeTimer);
      hotspot?.remove();
      bubble.remove();
    };
    attached.push(entry);
    page.sizes?.observe(target);
    return entry;
  }

  function matchingElements(tooltip: Tooltip): Element[] {
    try {
      return [...document.querySelectorAll(tooltip.selector)];
    } catch {
      // A selector the browser cannot parse matches nothing.
      return [];
    }
  }

  /** Brings what is shown in line with the address and the page: attaches new matches, drops old ones. */
  function sync() {
    if (stopped) return;
    const url = window.location.href;
    if (url !== lastUrl) {
      lastUrl = url;
      forPage = tooltipsForPage(tooltips, url);
    }
    const keep: Attached[] = [];
    for (const entry of attached) {
      if (forPage.includes(entry.tooltip) && entry.target.isConnected) keep.push(entry);
      else entry.detach();
    }
    attached = keep;
    const added: Attached[] = [];
    for (const tooltip of forPage) {
      for (const target of matchingElements(tooltip)) {
        if (!attached.some((entry) => entry.tooltip === tooltip && entry.target === target))
          added.push(attach(tooltip, target));
      }
    }
    const unplaced = following.placeAll(attached);
    for (const entry of added) if (unplaced.includes(entry)) following.retryPlacement(entry);
  }

  const page = watchPage(
    window,
    nextFrame,
    { sync, placeAll: () => following.placeAll(attached), lastUrl: () => lastUrl, stopped: () => stopped },
    options.afterFrame ?? (options.nextFrame ? nextFrame : afterFrame(window)),
  );

  return {
    /** The project's tooltips (the whole list: which of them apply is decided per address). */
    setTooltips(next: Tooltip[]) {
      for (const entry of attached) entry.detach();
      attached = [];
      tooltips = next;
      lastUrl = "";
      sync();
    },
    /** Re-reads the page now (tests, and a changed brand colour). */
    refresh() {
      const list = tooltips;
      this.setTooltips(list);
    },
    shownCount: () => attached.length,
    destroy() {
      stopped = true;
      page.stop();
      for (const entry of attached) entry.detach();
      attached = [];
    },
  };
}

export type TooltipManager = ReturnType<typeof createTooltipManager>;
