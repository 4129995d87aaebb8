import { outerMargin, sideChain } from "./layout-boxes.ts";

/**
 * The copy of a page keeps the page's vertical margins, which snapdom's copy loses in two ways:
 * - snapdom captures an element as its border box, so it zeroes the margins of the first (last)
 *   children whose margins would collapse out of that box; but a document's root element keeps every
 *   margin in (it is the page's first block formatting context), so on a page whose `<body>` has a
 *   margin (and whose first heading's margin collapses into it) everything came out shifted up by that
 *   margin. The root's copy keeps its children's margins in, as the root does (`display: flow-root`),
 *   and the margins snapdom zeroed are set back (`keepRootMargins`).
 * - snapdom gives a box with a background or border its height in pixels, and a box of fixed height
 *   keeps its last child's bottom margin in: a coloured `<section>` ending in a `<p>` lost the `<p>`'s
 *   margin below it, and everything after moved up. Each copy takes the bottom margin its box has on
 *   the page, its children's collapsed into it (`keepBottomMargins`); where nothing collapses through,
 *   that is its own margin and nothing changes.
 */

export interface ClonedDocument {
  /** The element captured: the root element of the page or of a frame. */
  element: Element;
  /** Its copy. */
  clone: Element;
  /** Each copy's original. */
  nodeMap: Map<Node, Node>;
}

/** Copies the picture made itself (masked boxes, off-screen boxes), whose margins are already theirs. */
export interface OwnCopies {
  has(node: Node): boolean;
}

export function keepRootMargins(capture: ClonedDocument, own: OwnCopies): void {
  const { element, clone, nodeMap } = capture;
  if (element !== element.ownerDocument.documentElement) return;
  const rootCopy = clone as HTMLElement;
  rootCopy.style.setProperty("display", "flow-root", "important");
  const copyOf = (original: Element, parentCopy: Element) =>
    Array.from(parentCopy.children).find((child) => nodeMap.get(child) === original) ?? null;
  for (const side of ["top", "bottom"] as const) {
    const chain = sideChain(element, side);
    let parentCopy: Element = rootCopy;
    // The root itself is not a link to restore: the chain starts at its edge child.
    for (const original of chain.slice(1)) {
      const copy = copyOf(original, parentCopy) as HTMLElement | null;
      if (!copy || own.has(copy)) break;
      const style = original.ownerDocument.defaultView?.getComputedStyle(original);
      if (!style) break;
      copy.style.setProperty(`margin-${side}`, side === "top" ? style.marginTop : style.marginBottom);
      parentCopy = copy;
    }
  }
}

export function keepBottomMargins(capture: ClonedDocument, own: OwnCopies): void {
  for (const [copy, original] of capture.nodeMap) {
    if (own.has(copy) || original === capture.element || original.nodeType !== 1) continue;
    const style = (copy as HTMLElement).style;
    const element = original as Element;
    const computed = element.ownerDocument.defaultView?.getComputedStyle(element);
    // Only block boxes in normal flow collapse margins with their children.
    if (!style || !computed || (computed.display !== "block" && computed.display !== "list-item")) continue;
    const margin = outerMargin(element, "bottom");
    if (margin !== (Number.parseFloat(computed.marginBottom) || 0))
      style.setProperty("margin-bottom", `${margin}px`);
  }
}
