import { useEffect } from "react";
import { useLocation } from "wouter";

/** Spec §2/§9: after a navigation the page scrolls to the top, 450 ms later (after the new page paints). */
export const scrollDelayMs = 450;

export function ScrollToTop() {
  const [path] = useLocation();
  useEffect(() => {
    void path;
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), scrollDelayMs);
    return () => clearTimeout(timer);
  }, [path]);
  return null;
}
