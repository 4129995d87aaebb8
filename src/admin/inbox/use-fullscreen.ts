import { type RefObject, useEffect, useState } from "react";

/**
 * The Fullscreen API on one element: whether it is the full-screen element now (Escape and the
 * browser's own controls leave it too, so the state follows `fullscreenchange`), and a toggle.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const follow = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener("fullscreenchange", follow);
    return () => document.removeEventListener("fullscreenchange", follow);
  }, [ref]);
  return {
    active,
    supported: document.fullscreenEnabled,
    toggle() {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      // Refused (a frame without permission, no user gesture): the player simply stays in the page.
      else void ref.current?.requestFullscreen().catch(() => {});
    },
  };
}
