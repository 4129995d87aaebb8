import { placementQueue } from "../common/frames.ts";
import { tooltipTiming } from "./tooltip-hover.ts";

export interface PageWatchHandlers {
  /** Bring the tooltips in line with the address and the page. */
  sync(): void;
  /** Place every hotspot and bubble again. */
  placeAll(): void;
  /** The address the tooltips were last matched for. */
  lastUrl(): string;
  stopped(): boolean;
}

/**
 * Watches the host page for what moves or replaces the tooltips' elements, at most once a frame:
 * DOM changes and address changes sync, layout changes (sizes, scrolling, resizes every 250 ms) place.
 * `sizes` also watches each element a tooltip is attached to, and `placeWhenDrawn` is for the
 * manager's own move watches (an element moved without any of these: tooltip-following.ts).
 * Scrolling places on the next frame (the hotspots move with the page, and scrolling leaves the layout
 * as it was); what follows a change of the page (its DOM, its sizes, a move) waits until the frame
 * after it was drawn (`afterFrame`), when measuring no longer forces the page's relayout. The
 * once-a-second check looks at the address only: placing from it asked for a frame of the host page
 * every second, and measured every element, for moves the move watches hear at once.
 */
export function watchPage(
  window: Window & typeof globalThis,
  nextFrame: (callback: () => void) => void,
  on: PageWatchHandlers,
  afterFrame: (callback: () => void) => void = nextFrame,
) {
  const document = window.document;
  let syncQueued = false;
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;

  const queueSync = () => {
    if (syncQueued) return;
    syncQueued = true;
    afterFrame(() => {
      syncQueued = false;
      on.sync();
    });
  };
  const place = placementQueue(() => {
    if (!on.stopped()) on.placeAll();
  });
  const queuePlace = place(nextFrame);
  const queuePlaceAfterFrame = place(afterFrame);
  // Spec §9: resizes are handled at most every 250 ms.
  const onResize = () => {
    if (resizeTimer) return;
    resizeTimer = setTimeout(() => {
      resizeTimer = undefined;
      if (!on.stopped()) on.placeAll();
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
    typeof window.ResizeObserver === "function"
      ? new window.ResizeObserver(() => queuePlaceAfterFrame())
      : null;
  // Border boxes: a banner moves the page down with a padding on <html>, which its content box hides.
  for (const element of [document.documentElement, document.body])
    if (element) sizes?.observe(element, { box: "border-box" });
  window.addEventListener("resize", onResize);
  window.addEventListener("scroll", queuePlace, { capture: true, passive: true });
  window.addEventListener("popstate", queueSync);
  const urlCheck = setInterval(() => {
    // Once a second: a single-page app's route change that touched neither the DOM nor the history.
    if (window.location.href !== on.lastUrl()) queueSync();
  }, tooltipTiming.urlCheckMs);

  return {
    sizes,
    /** Places every hotspot and bubble once the next frame was drawn (once, however many ask). */
    placeWhenDrawn: queuePlaceAfterFrame,
    stop() {
      observer.disconnect();
      sizes?.disconnect();
      window.removeEventListener("resize", onResize);
      window.removeEventListener("scroll", queuePlace, { capture: true });
      window.removeEventListener("popstate", queueSync);
      clearInterval(urlCheck);
      clearTimeout(resizeTimer);
    },
  };
}
