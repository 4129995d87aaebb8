import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/** Spec §2/§9: after a navigation the page scrolls to the top, 450 ms later (after the new page paints). */
export const scrollDelayMs = 450;

/** What a person does to move through the page themselves: a pending scroll to the top gives way. */
const ownMoves = ["wheel", "touchmove", "keydown", "pointerdown"] as const;

/**
 * Scrolls to the top 450 ms after each navigation inside the dashboard. Not after the page's own load:
 * the browser has put it at its top already, and someone who started reading or clicking while it
 * loaded would be thrown back up under their cursor. Nor once the person scrolls, types or clicks in
 * those 450 ms: their move wins.
 */
export function ScrollToTop() {
  const [path] = useLocation();
  const loaded = useRef(path);
  useEffect(() => {
    // The path the page loaded on, until the first navigation away from it.
    if (path === loaded.current) return;
    loaded.current = "";
    const cancel = () => {
      clearTimeout(timer);
      for (const move of ownMoves) window.removeEventListener(move, cancel, true);
    };
    const timer = setTimeout(() => {
      cancel();
      window.scrollTo({ top: 0 });
    }, scrollDelayMs);
    for (const move of ownMoves) window.addEventListener(move, cancel, { capture: true, passive: true });
    return cancel;
  }, [path]);
  return null;
}
