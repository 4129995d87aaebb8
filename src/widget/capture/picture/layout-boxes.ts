/**
 * Boxes that stand in for an element in the capture's picture (a masked element's grey box, a
 * placeholder for an element far off screen) without its content: they must take exactly the room the
 * element takes on the page, or everything after them moves. Cross-realm safe (frames have their own
 * globals): the element's own window answers for its styles.
 */

type Side = "top" | "bottom";

const styleOf = (element: Element): CSSStyleDeclaration | null =>
  element.ownerDocument.defaultView?.getComputedStyle(element) ?? null;

const pixels = (value: string) => Number.parseFloat(value) || 0;

/** Whether the box keeps its children's margins in (a block formatting context root, CSS 2 §9.4.1). */
export function containsMargins(style: CSSStyleDeclaration): boolean {
  const display = style.display;
  if (/flex|grid|table|inline-block|flow-root/.test(display)) return true;
  if (style.position === "absolute" || style.position === "fixed") return true;
  if (style.float !== "none" && style.float !== "") return true;
  if (style.overflowX !== "visible" || style.overflowY !== "visible") return true;
  return /\b(layout|content|paint|strict)\b/.test(style.contain);
}

/** Adjoining margins collapse to the largest positive one plus the most negative one (CSS 2 §8.3.1). */
export function collapseMargins(margins: readonly number[]): number {
  const positive = Math.max(0, ...margins);
  const negative = Math.min(0, ...margins);
  return positive + negative;
}

/** The first (top) or last (bottom) child in normal flow, or null when text or a line box comes first. */
function edgeChild(element: Element, side: Side): Element | null {
  const nodes = Array.from(element.childNodes);
  if (side === "bottom") nodes.reverse();
  for (const node of nodes) {
    if (node.nodeType === 3 && /\S/.test(node.textContent ?? "")) return null;
    if (node.nodeType !== 1) continue;
    const style = styleOf(node as Element);
    if (!style || style.display === "none" || style.display === "contents") continue;
    if (style.position === "absolute" || style.position === "fixed") continue;
    if (style.float !== "none" || style.display.startsWith("inline")) return null;
    return node as Element;
  }
  return null;
}

/**
 * The margins of `element`'s side chain that collapse into one: its own, and while it has no border or
 * padding on that side and keeps no margins in, its first (last) child's, and so on down.
 */
export function sideChain(element: Element, side: Side): Element[] {
  const chain = [element];
  for (let at = element; ; ) {
    const style = styleOf(at);
    if (!style || containsMargins(style)) break;
    const edge = side === "top" ? "Top" : "Bottom";
    if (pixels(style[`border${edge}Width`]) > 0 || pixels(style[`padding${edge}`]) > 0) break;
    const child = edgeChild(at, side);
    if (!child) break;
    chain.push(child);
    at = child;
  }
  return chain;
}

/**
 * The margin the element's box has on the page on that side: with its children gone, a copy would lose
 * the children's margins that collapse through it (a `<section>` whose first `<h2>` has the margin).
 * A child's margin only collapses through where its edge is the parent's edge: a parent of fixed height
 * keeps its last child's bottom margin in.
 */
export function outerMargin(element: Element, side: Side): number {
  const parent = element.parentElement ? styleOf(element.parentElement) : null;
  const margin = (link: Element) =>
    pixels(styleOf(link)?.[side === "top" ? "marginTop" : "marginBottom"] ?? "");
  // Flex and grid items keep their children's margins in.
  if (parent && /flex|grid/.test(parent.display)) return margin(element);
  const chain = sideChain(element, side);
  const adjoining = [element];
  for (let index = 1; index < chain.length; index++) {
    const outer = (chain[index - 1] as Element).getBoundingClientRect()[side];
    const inner = (chain[index] as Element).getBoundingClientRect()[side];
    if (Math.abs(outer - inner) > 0.5) break;
    adjoining.push(chain[index] as Element);
  }
  return collapseMargins(adjoining.map(margin));
}

/** The element's layout size (before transforms), as its box on the page. */
export function layoutSize(element: Element): { width: number; height: number } {
  const html = element as HTMLElement;
  if (typeof html.offsetWidth === "number" && (html.offsetWidth > 0 || html.offsetHeight > 0))
    return { width: html.offsetWidth, height: html.offsetHeight };
  const rect = element.getBoundingClientRect();
  return { width: rect.width, height: rect.height };
}

/**
 * A copy that stands in for an element, and how it takes the element's room. `restyle` runs once when
 * the copy is made and again after snapdom has given the copy the element's own styles (a style
 * attribute on the element would undo the room otherwise).
 */
export interface StandIn {
  copy: Element;
  restyle(): void;
}

/** A stand-in whose styles `style` sets (and sets again when asked). */
export function standIn(copy: Element, style: () => void): StandIn {
  style();
  return { copy, restyle: style };
}

/**
 * Makes `copy` (a childless copy of `element`) take the element's room: its border-box size and the
 * margins its children collapsed into it. `!important` so the capture's own styles cannot undo it.
 */
export function keepRoom(element: Element, copy: HTMLElement): void {
  const { width, height } = layoutSize(element);
  const set = (name: string, value: string) => copy.style.setProperty(name, value, "important");
  set("box-sizing", "border-box");
  for (const [name, value] of [
    ["width", width],
    ["height", height],
  ] as const) {
    set(name, `${value}px`);
    set(`min-${name}`, `${value}px`);
    set(`max-${name}`, `${value}px`);
  }
  set("margin-top", `${outerMargin(element, "top")}px`);
  set("margin-bottom", `${outerMargin(element, "bottom")}px`);
}
