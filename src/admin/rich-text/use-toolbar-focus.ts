import { type KeyboardEvent, useRef, useState } from "react";
import { toolbarKeyTarget } from "./toolbar-keys.ts";

/**
 * The toolbar's single tab stop (a roving tabindex): which of its `count` buttons takes the Tab, and
 * the keys that move the focus between them.
 */
export function useToolbarFocus(count: number) {
  const [focused, setFocused] = useState(0);
  const bar = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = toolbarKeyTarget(event.key, focused, count - 1);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    bar.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };

  return { bar, focused, setFocused, moveFocus };
}
