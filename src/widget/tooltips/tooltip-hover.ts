import type { Attached } from "./tooltip-elements.ts";
import { fadeMs } from "./tooltip-styles.ts";

/** Spec §2/§9: leaving hides after 500 ms (then a 200 ms fade); resizes are handled every 250 ms. */
export const tooltipTiming = { hideDelayMs: 500, fadeMs, resizeThrottleMs: 250, urlCheckMs: 1000 } as const;

/** Shows the bubble at once (a pending hide or fade is called off); `place` then places it. */
export function showBubble(entry: Attached, place: () => void) {
  clearTimeout(entry.hideTimer);
  clearTimeout(entry.fadeTimer);
  entry.shown = true;
  entry.bubble.classList.remove("gt-fading");
  entry.bubble.classList.add("gt-shown");
  entry.hotspot?.setAttribute("aria-expanded", "true");
  place();
}

/** Hides the bubble 500 ms after the pointer or focus left, then fades it out. */
export function hideBubble(entry: Attached) {
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

/**
 * Hover, focus and (on a hotspot) tap show the bubble; leaving the trigger and the bubble hides it.
 * The trigger is the hotspot, or in plain mode the page element itself. Answers the undo.
 */
export function listenForHover(
  entry: Attached,
  on: { enter(): void; leave(): void; bubbleLoaded(): void },
): () => void {
  const { hotspot, bubble } = entry;
  const onEnter = () => on.enter();
  const onLeave = () => on.leave();
  const trigger: Element = hotspot ?? entry.target;
  const listeners: Array<[EventTarget, string, EventListener]> = [
    [trigger, "mouseenter", onEnter],
    [trigger, "mouseleave", onLeave],
    [trigger, hotspot ? "focus" : "focusin", onEnter],
    [trigger, hotspot ? "blur" : "focusout", onLeave],
    [bubble, "mouseenter", onEnter],
    [bubble, "mouseleave", onLeave],
    // A picture in the bubble changes its size once loaded.
    [bubble, "load", () => on.bubbleLoaded()],
  ];
  if (hotspot) {
    // Touch screens have no hover: a tap shows the bubble; tapping elsewhere leaves it, which hides it.
    listeners.push([hotspot, "click", onEnter]);
  }
  for (const [target, name, listener] of listeners) target.addEventListener(name, listener, name === "load");
  return () => {
    for (const [target, name, listener] of listeners)
      target.removeEventListener(name, listener, name === "load");
  };
}
