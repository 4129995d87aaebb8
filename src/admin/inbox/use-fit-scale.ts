import { type RefObject, useEffect, useState } from "react";

/**
 * The scale that fits `width` CSS pixels into the element's width (never above 1), kept as it resizes.
 * With a `height`, the box fits the element's height too and may grow up to twice its size (a replay
 * in full screen fills the screen).
 */
export function useFitScale(
  ref: RefObject<HTMLElement | null>,
  width: number,
  height: number | null = null,
): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const across = element.clientWidth / Math.max(1, width);
      setScale(
        height === null
          ? Math.min(1, across)
          : Math.min(2, across, element.clientHeight / Math.max(1, height)),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width, height]);
  return scale;
}
