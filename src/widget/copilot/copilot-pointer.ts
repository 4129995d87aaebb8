import type { CopilotClock, CopilotRun } from "./copilot-run.ts";
import { copilotTiming, isFullyVisible, pointerPlacement } from "./copilot-timing.ts";

/**
 * The co-pilot's pointer: scrolls a step's element into view, points at it (or at the middle when
 * there is none), and follows it while the page or a scrolling ancestor scrolls or the window resizes.
 */
export function createCopilotPointer(
  window: Window & typeof globalThis,
  pointer: HTMLElement,
  clock: CopilotClock,
  run: CopilotRun,
) {
  let anchor: Element | null = null;
  let scrollTimer: unknown = null;
  let scrollTargets: Array<Window | Element> = [];

  const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

  function placePointer(target: Element | null) {
    const placement = pointerPlacement(target ? target.getBoundingClientRect() : null, viewport());
    pointer.style.left = `${placement.x}px`;
    pointer.style.top = `${placement.y}px`;
    pointer.style.setProperty("--gcp-bubble-width", `${placement.bubbleWidth}px`);
    pointer.classList.toggle("gcp-flipped", placement.flipped);
  }

  function scrollableAncestors(element: Element): Element[] {
    const found: Element[] = [];
    for (let current = element.parentElement; current; current = current.parentElement) {
      const overflow = window.getComputedStyle(current).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && current.scrollHeight > current.clientHeight)
        found.push(current);
    }
    return found;
  }

  const onScroll = () => {
    if (scrollTimer !== null) clock.clear(scrollTimer);
    scrollTimer = clock.set(() => {
      scrollTimer = null;
      if (!run.stopped()) placePointer(anchor);
    }, copilotTiming.scrollDebounceMs);
  };

  function followScrolling(target: Element | null) {
    for (const element of scrollTargets) element.removeEventListener("scroll", onScroll);
    scrollTargets = target ? [...scrollableAncestors(target), window] : [];
    for (const element of scrollTargets) element.addEventListener("scroll", onScroll, { passive: true });
  }

  const onResize = () => placePointer(anchor);
  window.addEventListener("resize", onResize);
  run.onCleanup(() => {
    window.removeEventListener("resize", onResize);
    followScrolling(null);
    if (scrollTimer !== null) clock.clear(scrollTimer);
  });

  return {
    /** Scrolls the element into view, waits until it is (up to 20 × 100 ms), then points at it. */
    async pointAt(target: Element | null) {
      anchor = target;
      pointer.classList.add("gcp-visible");
      if (!target) {
        followScrolling(null);
        placePointer(null);
        return;
      }
      try {
        target.scrollIntoView({ behavior: "smooth", block: "center", inline: "center" });
      } catch {
        // An element that cannot scroll into view is pointed at where it is.
      }
      for (let retry = 0; retry < copilotTiming.scrollRetries; retry++) {
        if (isFullyVisible(target.getBoundingClientRect(), viewport())) break;
        await run.sleep(copilotTiming.scrollRetryMs);
        if (run.stopped()) return;
      }
      placePointer(target);
      followScrolling(target);
    },
  };
}
