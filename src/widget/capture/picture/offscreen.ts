import { keepRoom, type StandIn, standIn } from "./layout-boxes.ts";

/**
 * What the picture leaves out because the visitor could not see it: an element whose box, scrolled
 * content and descendants (shadow roots included) are all further than `offscreenMargin` from its
 * window's viewport is copied as an empty, invisible box of its room, so the page's layout stays as it
 * is and a long page costs what one screen costs. snapdom's own pruning (its `clip`) places such boxes
 * by the gaps between siblings, which a stuck `position: sticky` neighbour or a collapsed margin throws
 * off; this one keeps each box's own margins.
 */

export const offscreenMargin = 200;

interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function viewportOf(element: Element): Area | null {
  const win = element.ownerDocument.defaultView;
  if (!win) return null;
  return {
    left: -offscreenMargin,
    top: -offscreenMargin,
    right: win.innerWidth + offscreenMargin,
    bottom: win.innerHeight + offscreenMargin,
  };
}

const meets = (box: Area, area: Area) =>
  box.right >= area.left && box.left <= area.right && box.bottom >= area.top && box.top <= area.bottom;

/** The element's box grown by its scrolled content (which may spill to the left in right-to-left). */
function reach(element: Element, rtl: boolean): Area {
  const rect = element.getBoundingClientRect();
  const width = element.scrollWidth || 0;
  const height = element.scrollHeight || 0;
  return {
    left: rtl ? Math.min(rect.left, rect.right - width) : rect.left,
    top: rect.top,
    right: Math.max(rect.right, rect.left + width),
    bottom: Math.max(rect.bottom, rect.top + height),
  };
}

function anyDescendantMeets(element: Element, area: Area): boolean {
  const pending: Element[] = [element];
  while (pending.length > 0) {
    const at = pending.pop() as Element;
    for (const child of Array.from(at.children)) {
      const rect = child.getBoundingClientRect();
      if ((rect.width > 0 || rect.height > 0) && meets(rect, area)) return true;
      pending.push(child);
    }
    if (at.shadowRoot) pending.push(...Array.from(at.shadowRoot.children));
  }
  return false;
}

/** Whether nothing of the element can show on screen. Inline boxes and boxes without size never are. */
export function farOffscreen(element: Element): boolean {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const area = viewportOf(element);
  if (!style || !area) return false;
  if (style.display === "inline" || style.display === "contents") return false;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  if (meets(reach(element, style.direction === "rtl"), area)) return false;
  return !anyDescendantMeets(element, area);
}

/** Attributes that would make the capture fetch or show something for a box nobody sees. */
const fetching = ["src", "srcset", "sizes", "poster", "data", "background"];

/** An invisible copy of the element's box, with none of its content (nor what snapdom adds for its pseudo-elements). */
export function offscreenBox(element: Element): StandIn {
  const copy = element.cloneNode(false) as HTMLElement;
  for (const name of fetching) copy.removeAttribute(name);
  return standIn(copy, () => {
    copy.replaceChildren();
    keepRoom(element, copy);
    copy.style.setProperty("visibility", "hidden", "important");
    copy.style.setProperty("background", "none", "important");
  });
}
