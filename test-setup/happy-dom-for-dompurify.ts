/**
 * Two places where happy-dom is not a browser, and DOMPurify (the admin's and the messenger's
 * sanitizer) depends on both. Without these, DOMPurify under happy-dom removed every element and
 * skipped part of what it walked: `<p style="x">Hi<script>…</script></p>` came out with its script, so a
 * sanitizer test could pass on output no browser produces. Nothing else in the code base or its
 * dependencies creates a NodeIterator or reads `nodeName` through `Node.prototype`.
 */

// 1. DOMPurify reads tag names through the `nodeName` getter of `Node.prototype` (so a clobbered
// property cannot lie); happy-dom's answers "" there and defines the real one on its subclasses.
const baseNodeName = Object.getOwnPropertyDescriptor(Node.prototype, "nodeName");
Object.defineProperty(Node.prototype, "nodeName", {
  configurable: true,
  get(this: Node) {
    for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; ) {
      const own = Object.getOwnPropertyDescriptor(proto, "nodeName");
      if (own?.get) return own.get.call(this);
      proto = Object.getPrototypeOf(proto);
    }
    return baseNodeName?.get?.call(this) ?? "";
  },
});

// 2. happy-dom's NodeIterator is a TreeWalker underneath and skips the standard's "pre-removing
// steps": once the node it stands on is removed, it loses its place. This one visits the root's nodes
// in document order as they stood when it was made, skipping those no longer inside the root when
// their turn comes: what a browser's iterator yields for a walk that only removes nodes and moves
// them up, which is what DOMPurify does.
function createNodeIterator(root: Node, whatToShow = 0xffffffff, filter: NodeFilter | null = null) {
  const nodes: Node[] = [];
  const collect = (node: Node) => {
    nodes.push(node);
    for (const child of node.childNodes) collect(child);
  };
  collect(root);
  const shown = (node: Node) =>
    (node === root || root.contains(node)) &&
    (whatToShow & (1 << (node.nodeType - 1))) !== 0 &&
    (!filter ||
      (typeof filter === "function" ? filter(node) : filter.acceptNode(node)) === NodeFilter.FILTER_ACCEPT);
  let index = 0;
  return {
    root,
    whatToShow,
    filter,
    nextNode(): Node | null {
      while (index < nodes.length) {
        const node = nodes[index++] as Node;
        if (shown(node)) return node;
      }
      return null;
    },
    previousNode(): Node | null {
      while (index > 0) {
        const node = nodes[--index] as Node;
        if (shown(node)) return node;
      }
      return null;
    },
    detach() {},
  };
}

// happy-dom gives each window its own Document subclass: patch the class that defines the method.
let owner: object | null = document;
while (owner && !Object.hasOwn(owner, "createNodeIterator")) owner = Object.getPrototypeOf(owner);
if (owner) Object.defineProperty(owner, "createNodeIterator", { value: createNodeIterator, writable: true });
