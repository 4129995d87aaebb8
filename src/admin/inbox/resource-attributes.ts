import type { ExternalResources, ResourceKind } from "./external-resources.ts";

/**
 * Which attributes of an element make the browser fetch something, and how each is rewritten
 * (external-resources.ts). One list for both shapes a reported page arrives in: the snapshot's DOM
 * (snapshot-document.ts) and the replay's serialized nodes (replay-resources.ts).
 */

/** An element's attributes as this module reads and writes them, whatever holds them. */
export interface AttributeTarget {
  /** The element's local name, in lower case. */
  tag: string;
  names(): string[];
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}

/** Elements whose `src` is a picture (the placeholder stands in); any other `src` is dropped. */
const pictureSrc = new Set(["img", "input", "image"]);
/** Elements whose `href` is only followed on a click, never fetched. */
const linkOnly = new Set(["a", "area"]);
/** Elements whose `href` is a picture. */
const pictureHref = new Set(["image", "feimage"]);
/** SVG animations: they can set another attribute (an `href`) to an address while the page shows. */
const animations = new Set(["set", "animate", "animatemotion", "animatetransform", "animatecolor"]);
const animationValues = new Set(["to", "from", "by", "values"]);

/** Pictures wherever they appear. */
const pictureAttributes = new Set(["poster", "background", "lowsrc", "dynsrc"]);
/** Other fetches; `srcdoc` is a whole document, `ping` and `attributionsrc` report to an address. */
const otherAttributes = new Set([
  "data",
  "codebase",
  "archive",
  "classid",
  "manifest",
  "icon",
  "ping",
  "attributionsrc",
  "rr_src",
]);
const alwaysDropped = new Set(["srcdoc"]);

/** Text for people, never read as CSS or an address (a `(` in it stays as written). */
const textAttributes = new Set([
  "alt",
  "title",
  "placeholder",
  "label",
  "value",
  "content",
  "class",
  "id",
  "name",
]);

function kindOfSrc(tag: string): ResourceKind {
  return pictureSrc.has(tag) ? "image" : "other";
}

function rewriteOne(target: AttributeTarget, name: string, value: string, resources: ExternalResources) {
  const lower = name.toLowerCase();
  const tag = target.tag;
  const apply = (next: string | null) => {
    if (next === null) target.remove(name);
    else if (next !== value) target.set(name, next);
  };

  if (alwaysDropped.has(lower)) return target.remove(name);
  if (lower === "style" || lower === "_csstext") return apply(resources.css(value));
  if (lower === "srcset" || lower === "imagesrcset") return apply(resources.srcset(value));
  if (lower === "src") return apply(resources.url(value, kindOfSrc(tag)));
  if (lower === "href" || lower === "xlink:href") {
    if (linkOnly.has(tag)) return;
    return apply(resources.url(value, pictureHref.has(tag) ? "image" : "other"));
  }
  // rrweb's inlined picture or canvas: a data: address; anything else would be fetched.
  if (lower === "rr_dataurl") return apply(resources.url(value, "image"));
  if (pictureAttributes.has(lower)) return apply(resources.url(value, "image"));
  if (otherAttributes.has(lower)) return apply(resources.url(value, "other"));
  if (tag === "meta" && lower === "http-equiv") {
    // A refresh would navigate the frame to an address; no policy of a page belongs in the frame.
    return target.remove(name);
  }
  if (animations.has(tag) && animationValues.has(lower)) {
    const animated = (target.get("attributeName") ?? target.get("attributename") ?? "").trim().toLowerCase();
    const isAddress = animated === "href" || animated === "xlink:href" || animated === "src";
    const parts = value
      .split(";")
      .map((part) => (isAddress ? (resources.url(part, "image") ?? "") : resources.css(part)));
    return apply(parts.join(";"));
  }
  if (textAttributes.has(lower) || lower.startsWith("aria-") || lower.startsWith("data-")) return;
  // SVG presentation attributes (`fill`, `filter`, `mask`, `clip-path`, `marker-*`, `cursor`…) take url().
  if (value.includes("(")) apply(resources.css(value));
}

/** Rewrites every attribute of the element that fetches something. */
export function rewriteResourceAttributes(target: AttributeTarget, resources: ExternalResources): void {
  for (const name of target.names()) {
    const value = target.get(name);
    if (value !== null) rewriteOne(target, name, value, resources);
  }
}

/** A DOM element as an attribute target. */
export function elementTarget(element: Element): AttributeTarget {
  return {
    tag: element.localName.toLowerCase(),
    names: () => element.getAttributeNames(),
    get: (name) => element.getAttribute(name),
    set: (name, value) => element.setAttribute(name, value),
    remove: (name) => element.removeAttribute(name),
  };
}
