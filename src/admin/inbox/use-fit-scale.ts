import { type RefObject, useEffect, useState } from "react";

/** The scale that fits `width` CSS pixels into the element's width (never above 1), kept as it resizes. */
export function useFitScale(ref: RefObject<HTMLElement | null>, width: number): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / Math.max(1, width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return scale;
}
