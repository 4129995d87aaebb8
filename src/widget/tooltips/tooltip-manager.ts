import { safeHtmlFragment } from "../common/safe-html.ts";
import { type Tooltip, tooltipsForPage } from "./tooltip-config.ts";
import { hotspotIconSvg } from "./tooltip-icons.ts";
import { bubblePlacement, hasBox, hotspotPosition, type Rect } from "./tooltip-placement.ts";
import { fadeMs } from "./tooltip-styles.ts";

/**
 * Tooltips on the host page (spec §2, §4): finds each tooltip's elements by selector, draws a hotspot
 * beside them (hotspot mode) and a bubble with the tooltip's HTML that shows on hover. Hotspots and
 * bubbles live in the widget's shadow root as `position: fixed` boxes that follow their element; the
 * host page's DOM is never changed (the reference inserts its anchors into the page), only listened to.
 */

/** Spec §2/§9: leaving hides after 500 ms (then a 200 ms fade); resizes are handled every 250 ms. */
export const tooltipTiming = { hideDelayMs: 500, fadeMs, resizeThrottleMs: 250, urlCheckMs: 1000 } as const;
/** Spec §9: a placement that cannot measure its element yet is tried again, at most 50 frames. */
export const placementRetries = 50;

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
}

interface Attached {
  tooltip: Tooltip;
  target: Element;
  hotspot: HTMLElement | null;
  bubble: HTMLElement;
  shown: boolean;
  hideTimer?: ReturnType<typeof setTimeout>;
  fadeTimer?: ReturnType<typeof setTimeout>;
  detach: () => void;
}

const measureBox = (element: Element): Rect => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
};

export function createTooltipManager(options: TooltipManagerOptions) {
  const { layer, window } = options;
  const document = window.document;
  const measure = options.measure ?? measureBox;
  const nextFrame =
    options.nextFrame ??
    ((callback: () => void) =>
      typeof window.requestAnimationFrame === "function"
        ? window.requestAnimationFrame(() => callback())
        : window.setTimeout(callback, 16));
  const measureText =
    options.measureText ??
    ((element: Element) => {
      // A heading across the page: the hotspot goes after its words, as in the reference.
      try {
        const range = document.createRange();
        range.selectNodeContents(element);
        const width = range.getBoundingClientRect().width;
        const padding = Number.parseFloat(window.getComputedStyle(element).paddingLeft) || 0;
        return width > 0 ? width + padding : null;
      } catch {
        return null;
      }
    });

  let tooltips: Tooltip[] = [];
  let forPage: Tooltip[] = [];
  let lastUrl = "";
  let attached: Attached[] = [];
  let syncQueued = false;
  let placeQueued = false;
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;
  let stopped = false;

  function colorOf(tooltip: Tooltip) {
    return tooltip.color || options.brandColor() || "#485BFF";
  }

  /** Tries `place` on the next frames until it says it is done, at most `placementRetries` times. */
  function placeWithRetries(place: () => boolean, attempt = 0) {
    if (stopped || place() || attempt >= placementRetries) return;
    nextFrame(() => placeWithRetries(place, attempt + 1));
  }

  function placeHotspot(entry: Attached): boolean {
    const hotspot = entry.hotspot;
    if (!hotspot) return true;
    const box = measure(entry.target);
    if (!entry.target.isConnected || !hasBox(box)) {
      hotspot.hidden = true;
      return false;
    }
    const { left, top } = hotspotPosition(box, measureText(entry.target), entry.tooltip);
    hotspot.hidden = false;
    hotspot.style.left = `${Math.round(left)}px`;
    hotspot.style.top = `${Math.round(top)}px`;
    return true;
  }

  function placeBubble(entry: Attached): boolean {
    if (!entry.shown) return true;
    const anchor = measure(entry.hotspot ?? entry.target);
    const size = measure(entry.bubble);
    if (!hasBox(anchor) || size.width === 0) return false;
    const placement = bubblePlacement(
      anchor,
      size,
      { width: window.innerWidth, height: window.innerHeight },
      entry.tooltip.posX,
    );
    entry.bubble.dataset.side = placement.side;
    entry.bubble.style.left = `${Math.round(placement.left)}px`;
    entry.bubble.style.top = `${Math.round(placement.top)}px`;
    const arrow = entry.bubble.querySelector<HTMLElement>(".gt-arrow");
    if (arrow) {
      const vertical = placement.side === "left" || placement.side === "right";
      arrow.style.top = vertical ? `${Math.round(placement.arrow)}px` : "";
      arrow.style.left = vertical ? "" : `${Math.round(placement.arrow)}px`;
    }
    return true;
  }

  function show(entry: Attached) {
    clearTimeout(entry.hideTimer);
    clearTimeout(entry.fadeTimer);
    entry.shown = true;
    entry.bubble.classList.remove("gt-fading");
    entry.bubble.classList.add("gt-shown");
    entry.hotspot?.setAttribute("aria-expanded", "true");
    placeWithRetries(() => placeBubble(entry));
  }

  function hide(entry: Attached) {
    clearTimeout(entry.hideTimer);
    entry.hideTimer = setTimeout(() => {
      entry.bubble.classList.add("gt-fading");
      entry.bubble.classList.remove("gt-shown");
      entry.fadeTimer = setTimeout(() => {
        entry.shown = false;
        entry.bubble.classList.remove("gt-fading");
        entry.hotspot?.setAttribute("aria-expanded", "false");
      }, tooltipTiming.fadeMs);
    }, tooltipTiming.hideDelayMs);
  }

  function attach(tooltip: Tooltip, target: Element) {
    const id = `gt-${nextId++}`;
    const color = colorOf(tooltip);
    const bubble = document.createElement("div");
    bubble.className = "gt-bubble";
    bubble.id = id;
    bubble.setAttribute("role", "tooltip");
    bubble.dataset.tooltip = tooltip.key;
    bubble.style.setProperty("--gt-color", color);
    const content = document.createElement("div");
    content.className = "gt-content";
    content.appendChild(safeHtmlFragment(tooltip.html, document));
    const arrow = document.createElement("span");
    arrow.className = "gt-arrow";
    bubble.append(content, arrow);

    let hotspot: HTMLButtonElement | null = null;
    if (tooltip.mode === "hotspot") {
      hotspot = document.createElement("button");
      hotspot.type = "button";
      hotspot.className = "gt-hotspot";
      hotspot.dataset.tooltip = tooltip.key;
      hotspot.hidden = true;
      hotspot.style.setProperty("--gt-color", color);
      // The icon is a constant SVG of this chunk; the config only picks which one.
      hotspot.innerHTML = hotspotIconSvg(tooltip.icon);
      if (tooltip.animated) {
        const pulse = document.createElement("span");
        pulse.className = "gt-pulse";
        hotspot.prepend(pulse);
      }
      hotspot.setAttribute("aria-label", (content.textContent ?? "").trim().slice(0, 120) || "Info");
      hotspot.setAttribute("aria-describedby", id);
      hotspot.setAttribute("aria-expanded", "false");
    }
    layer.append(...(hotspot ? [hotspot, bubble] : [bubble]));

    const entry: Attached = { tooltip, target, hotspot, bubble, shown: false, detach: () => undefined };
    const onEnter = () => show(entry);
    const onLeave = () => hide(entry);
    // The element the visitor points at: the hotspot, or in plain mode the page element itself.
    const trigger: Element = hotspot ?? target;
    const listeners: Array<[EventTarget, string, EventListener]> = [
      [trigger, "mouseenter", onEnter],
      [trigger, "mouseleave", onLeave],
      [trigger, hotspot ? "focus" : "focusin", onEnter],
      [trigger, hotspot ? "blur" : "focusout", onLeave],
      [bubble, "mouseenter", onEnter],
      [bubble, "mouseleave", onLeave],
      // A picture in the bubble changes its size once loaded.
      [bubble, "load", () => placeBubble(entry)],
    ];
    if (hotspot) {
      // Touch screens have no hover: a tap shows the bubble; tapping elsewhere leaves it, which hides it.
      listeners.push([hotspot, "click", onEnter]);
    }
    for (const [on, name, listener] of listeners) on.addEventListener(name, listener, name === "load");
    entry.detach = () => {
      for (const [on, name, listener] of listeners) on.removeEventListener(name, listener, name === "load");
      sizes?.unobserve(target);
      clearTimeout(entry.hideTimer);
      clearTimeout(entry.fadeTimer);
      hotspot?.remove();
      bubble.remove();
    };
    attached.push(entry);
    sizes?.observe(target);
    placeWithRetries(() => placeHotspot(entry));
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
    for (const tooltip of forPage) {
      for (const target of matchingElements(tooltip)) {
        if (!attached.some((entry) => entry.tooltip === tooltip && entry.target === target))
          attach(tooltip, target);
      }
    }
    placeAll();
  }

  function placeAll() {
    for (const entry of attached) {
      placeHotspot(entry);
      placeBubble(entry);
    }
  }

  const queueSync = () => {
    if (syncQueued) return;
    syncQueued = true;
    nextFrame(() => {
      syncQueued = false;
      sync();
    });
  };
  const queuePlace = () => {
    if (placeQueued) return;
    placeQueued = true;
    nextFrame(() => {
      placeQueued = false;
      if (!stopped) placeAll();
    });
  };
  // Spec §9: resizes are handled at most every 250 ms.
  const onResize = () => {
    if (resizeTimer) return;
    resizeTimer = setTimeout(() => {
      resizeTimer = undefined;
      if (!stopped) placeAll();
    }, tooltipTiming.resizeThrottleMs);
  };

  // Single-page apps change the page without a load: new elements and a new address come through the
  // observer (and a route change without DOM changes through the address check).
  const observer = new window.MutationObserver((records) => {
    // Our own layer lives in a shadow root, so its changes never reach this observer.
    if (records.length > 0) queueSync();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  // The page's layout can move an element without a DOM change the observer sees (content drawn in a
  // shadow root above it, a picture loading, a font): a change of the body's or the element's size
  // places the hotspots again.
  const sizes =
    typeof window.ResizeObserver === "function" ? new window.ResizeObserver(() => queuePlace()) : null;
  // Border boxes: a banner moves the page down with a padding on <html>, which its content box hides.
  for (const element of [document.documentElement, document.body])
    if (element) sizes?.observe(element, { box: "border-box" });
  window.addEventListener("resize", onResize);
  window.addEventListener("scroll", queuePlace, { capture: true, passive: true });
  window.addEventListener("popstate", queueSync);
  const urlCheck = setInterval(() => {
    // Once a second as a safety net: the address, and where the elements are now.
    if (window.location.href !== lastUrl) queueSync();
    else queuePlace();
  }, tooltipTiming.urlCheckMs);

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
      observer.disconnect();
      sizes?.disconnect();
      window.removeEventListener("resize", onResize);
      window.removeEventListener("scroll", queuePlace, { capture: true });
      window.removeEventListener("popstate", queueSync);
      clearInterval(urlCheck);
      clearTimeout(resizeTimer);
      for (const entry of attached) entry.detach();
      attached = [];
    },
  };
}

export type TooltipManager = ReturnType<typeof createTooltipManager>;
