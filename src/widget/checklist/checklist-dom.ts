import { isBlankHtml } from "../../shared/blank-html.ts";
import { element } from "../common/element-builders.ts";
import { safeHtmlFragment } from "../common/safe-html.ts";

/**
 * The checklist element's DOM building blocks: the icons, admin-written rich text
 * and the one way a redraw puts children in place (moving or removing only what differs, so a
 * focused button keeps its focus and a CSS transition sees the same element change).
 */

const svgNs = "http://www.w3.org/2000/svg";

/** Text that changes from one redraw to the next: written only when it differs. */
export function setText(node: Node, text: string) {
  if (node.textContent !== text) node.textContent = text;
}

/** Puts `wanted` into `parent` in order, moving or removing only what differs. */
export function reconcile(parent: Element, wanted: readonly Node[]) {
  const keep = new Set(wanted);
  for (const child of [...parent.childNodes]) if (!keep.has(child)) child.remove();
  wanted.forEach((child, index) => {
    const current = parent.childNodes[index] ?? null;
    if (current !== child) parent.insertBefore(child, current);
  });
}

export function svg(className: string, size: number, viewBox: string): SVGSVGElement {
  const node = document.createElementNS(svgNs, "svg");
  if (className) node.setAttribute("class", className);
  node.setAttribute("width", String(size));
  node.setAttribute("height", String(size));
  node.setAttribute("viewBox", viewBox);
  node.setAttribute("aria-hidden", "true");
  node.setAttribute("focusable", "false");
  return node;
}

export function svgChild(tag: "path" | "circle", attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function strokedPath(d: string, strokeWidth: string) {
  return svgChild("path", {
    d,
    fill: "none",
    stroke: "currentColor",
    "stroke-width": strokeWidth,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
}

export function checkIcon(size = 16): SVGSVGElement {
  const icon = svg("", size, "0 0 24 24");
  icon.append(strokedPath("m5 12.5 4.5 4.5L19 7.5", "2.4"));
  return icon;
}

export function chevron(): SVGSVGElement {
  const icon = svg("gc-chevron", 18, "0 0 24 24");
  icon.append(strokedPath("m6 9 6 6 6-6", "2"));
  return icon;
}

/**
 * Admin-written HTML in a `.gc-rich` block, rebuilt from an allow-list (safe-html.ts, never innerHTML).
 * `show` answers the block, or null when the text shows nothing; the same text is not rebuilt.
 */
export function createRichText() {
  const block = element("div", "gc-rich");
  // What the project wrote, in the direction of its own words inside a mirrored checklist.
  block.dir = "auto";
  let shown: string | null = null;
  return {
    show(html: string): HTMLDivElement | null {
      if (isBlankHtml(html)) return null;
      if (html !== shown) {
        shown = html;
        block.replaceChildren(safeHtmlFragment(html));
      }
      return block;
    },
  };
}
