/**
 * The button a key moves the toolbar's focus to (ARIA toolbar: arrows wrap around, Home and End go to
 * the ends), from `focused` among buttons 0 to `last`; null for a key the toolbar leaves alone.
 */
export function toolbarKeyTarget(key: string, focused: number, last: number): number | null {
  switch (key) {
    case "ArrowRight":
      return focused === last ? 0 : focused + 1;
    case "ArrowLeft":
      return focused === 0 ? last : focused - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
