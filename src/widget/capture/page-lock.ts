/**
 * While the capture editor is open (spec §4): in screenshot mode the page does not scroll (the
 * drawings belong to what is on screen) and its scroll position is restored afterwards; in every
 * mode, leaving the page asks first (`beforeunload`), so a reload does not lose the capture.
 */

const scrollKeys = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  " ",
  "PageUp",
  "PageDown",
  "Home",
  "End",
]);

/** A key that types or activates something where it is pressed is left alone. */
function actsInPlace(event: Event): boolean {
  const target = (event.composedPath?.()[0] ?? event.target) as HTMLElement | null;
  if (!target || typeof target.tagName !== "string") return false;
  return /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName) || target.isContentEditable === true;
}

export interface PageLock {
  /** Where the page was scrolled when it was locked. */
  position: { x: number; y: number };
  release(): void;
}

export function lockPage(win: Window, options: { scroll: boolean }): PageLock {
  const position = { x: win.scrollX, y: win.scrollY };
  const prevent = (event: Event) => {
    if (event.cancelable) event.preventDefault();
  };
  const onKey = (event: KeyboardEvent) => {
    if (scrollKeys.has(event.key) && !actsInPlace(event)) prevent(event);
  };
  // A scrollbar dragged, or the page scrolling itself: back to where the drawing is.
  const onScroll = () => {
    if (win.scrollX !== position.x || win.scrollY !== position.y) win.scrollTo(position.x, position.y);
  };
  const onLeave = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when a return value is set.
    event.returnValue = "";
  };
  const active = { passive: false, capture: true } as const;
  if (options.scroll) {
    win.addEventListener("wheel", prevent, active);
    win.addEventListener("touchmove", prevent, active);
    win.addEventListener("keydown", onKey, active);
    win.addEventListener("scroll", onScroll, { capture: true });
  }
  win.addEventListener("beforeunload", onLeave);
  let released = false;
  return {
    position,
    release() {
      if (released) return;
      released = true;
      win.removeEventListener("beforeunload", onLeave);
      if (!options.scroll) return;
      win.removeEventListener("wheel", prevent, active);
      win.removeEventListener("touchmove", prevent, active);
      win.removeEventListener("keydown", onKey, active);
      win.removeEventListener("scroll", onScroll, { capture: true });
      win.scrollTo(position.x, position.y);
    },
  };
}
