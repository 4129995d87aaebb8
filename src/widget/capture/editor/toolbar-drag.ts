import { type PointerEvent as ReactPointerEvent, useRef, useState } from "react";

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** The toolbar's drag handle: where the visitor moved the toolbar, kept within the window. */
export function useToolbarDrag() {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ id: number; startX: number; startY: number; from: { x: number; y: number } } | null>(
    null,
  );
  const onDragStart = (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset };
  };
  const onDragMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const maxX = window.innerWidth / 2 - 40;
    setOffset({
      x: clamp(current.from.x + event.clientX - current.startX, -maxX, maxX),
      y: clamp(current.from.y + event.clientY - current.startY, -10, window.innerHeight - 80),
    });
  };
  const onDragEnd = () => {
    drag.current = null;
  };
  return { offset, onDragStart, onDragMove, onDragEnd };
}

export type ToolbarDrag = ReturnType<typeof useToolbarDrag>;
