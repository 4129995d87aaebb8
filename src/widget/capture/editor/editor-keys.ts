import { type Dispatch, type RefObject, useEffect } from "react";
import { type EditorAction, type EditorState, keyCommand } from "../drawing/editor-state.ts";

/** Keys (spec §2): Escape dismisses, Enter proceeds in screenshot mode, Ctrl+Z undoes. */
export function useEditorKeys(
  stateRef: RefObject<EditorState>,
  dispatch: Dispatch<EditorAction>,
  onDismiss: () => void,
  next: () => void,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.composedPath?.()[0] as HTMLElement | undefined;
      const command = keyCommand(stateRef.current, event);
      if (!command) return;
      // Enter on one of the editor's own buttons presses that button.
      if (command === "next" && target?.tagName === "BUTTON" && !target.classList.contains("gl-capture-next"))
        return;
      event.preventDefault();
      event.stopPropagation();
      if (command === "dismiss") onDismiss();
      else if (command === "next") next();
      else if (command === "undo") dispatch({ type: "undo" });
      else dispatch({ type: "closePicker" });
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [stateRef, dispatch, onDismiss, next]);
}
