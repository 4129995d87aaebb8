/** The floating steps stay open this long after the pointer left them. */
export const floatingCloseDelayMs = 300;

/**
 * The floating checklist's open state: it opens on hover or a click on its launcher, closes a moment
 * after the pointer left (it crosses the gap between the launcher and the steps), and opens upwards
 * when the element sits low in the window. `redraw` runs after every change of what is shown.
 */
export function createFloatingSteps(element: HTMLElement, redraw: () => void) {
  let open = false;
  let up = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function set(next: boolean) {
    if (next === open) return;
    if (next) {
      // Low in the window, the steps open upwards.
      const box = element.getBoundingClientRect();
      up = box.top > window.innerHeight / 2;
    }
    open = next;
    redraw();
  }

  return {
    get open() {
      return open;
    },
    get up() {
      return up;
    },
    hover(inside: boolean) {
      clearTimeout(timer);
      if (inside) set(true);
      // A moment's grace: the pointer crosses the gap between the launcher and the steps.
      else timer = setTimeout(() => set(false), floatingCloseDelayMs);
    },
    toggle() {
      clearTimeout(timer);
      set(!open);
    },
    /** Closed without a redraw (a new checklist loads and draws anyway). */
    reset() {
      open = false;
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
