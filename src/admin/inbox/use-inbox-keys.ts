import { useLayoutEffect, useRef } from "react";
import { type InboxKeyAction, inboxKeyAction } from "./inbox-keys.ts";

const textTypes = new Set([
  "checkbox",
  "radio",
  "button",
  "submit",
  "reset",
  "range",
  "color",
  "file",
  "image",
]);

/** Whether the element takes typed text, so letters belong to it and not to the shortcuts. */
function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !textTypes.has(target.type);
}

/** Enter on these is their own: a link opens, a button presses, a checkbox submits its form (if any). */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.closest("a[href], button, summary, input, select, textarea, [role='button']") !== null;

/**
 * Runs the inbox's keyboard shortcuts (inbox-keys.ts) on this screen while it is mounted: a key whose
 * action has a handler is taken from the browser. A modal dialog open (a confirmation, the shortcut
 * list) has the keys to itself.
 */
export function useInboxKeys(handlers: Partial<Record<InboxKeyAction, () => void>>): void {
  // The latest handlers, without adding and removing the listener on every render.
  const current = useRef(handlers);
  current.current = handlers;
  // Listening from the commit on, before the screen is painted: a passive effect runs after the paint,
  // and a key pressed as soon as the new report showed (a loaded machine, a fast hand) was lost.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (document.querySelector("[aria-modal='true']")) return;
      const action = inboxKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: takesText(event.target),
        onControl: isControl(event.target),
      });
      const handle = action ? current.current[action] : undefined;
      if (!handle) return;
      event.preventDefault();
      handle();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
