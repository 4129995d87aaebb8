import { isObject, type Loose, list, rrwebTypes } from "../../shared/rrweb-event-shape.ts";
import { originOf } from "./external-resources.ts";

/**
 * Frames of our own messenger in a web replay. The recorder keeps a frame of another
 * origin as an empty `<iframe>` with its address in `rr_src`, which rrweb rebuilds as a blank box the
 * size of the messenger: staff cannot tell it from a broken page. Each such frame becomes a `<div>` of
 * the same id, class, size and place that says what stood there. Our widget's own root is left out of
 * recordings altogether; this is for pages that embed our frames themselves or are recorded by
 * another Gleap SDK.
 *
 * `own` are ownOrigins(): the admin's and the messenger's. Events are copied, never changed in place.
 */

const { fullSnapshot, incremental, mutation, elementNode, textNode } = rrwebTypes;

/** Light and dark admins alike: a neutral box that reads as "something was here", not as the page. */
const placeholderStyle =
  "background:#eef0f6;color:#3f4660;border:1px dashed #8e96ad;box-sizing:border-box;" +
  "padding:32px 16px;text-align:center;overflow:hidden;" +
  // Large: the replay is shown scaled down to about half its size in the report's column.
  "font:600 24px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;";

const pixels = (value: unknown): string | null =>
  typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()) ? `${value.trim()}px` : null;

function isOwnFrame(node: Loose, own: readonly string[]): boolean {
  if (node.type !== elementNode || typeof node.tagName !== "string") return false;
  if (node.tagName.toLowerCase() !== "iframe" || !isObject(node.attributes)) return false;
  const { src, rr_src: recordedSrc } = node.attributes;
  return [src, recordedSrc].some((address) => {
    const origin = typeof address === "string" ? originOf(address) : null;
    return origin !== null && own.includes(origin);
  });
}

function placeholderOf(frame: Loose, label: string, nextId: () => number): Loose {
  const attributes = frame.attributes as Loose;
  const size = [
    pixels(attributes.width) && `width:${pixels(attributes.width)};`,
    pixels(attributes.height) ? `height:${pixels(attributes.height)};` : "min-height:150px;",
  ]
    .filter(Boolean)
    .join("");
  const kept: Loose = {};
  for (const name of ["id", "class", "rr_width", "rr_height"])
    if (typeof attributes[name] === "string") kept[name] = attributes[name];
  // The page's own style last, so its position and size win over the placeholder's defaults.
  const pageStyle = typeof attributes.style === "string" ? attributes.style : "";
  return {
    ...frame,
    tagName: "div",
    attributes: {
      ...kept,
      style: `${placeholderStyle}${size}${pageStyle}`,
      "data-morph-placeholder": "messenger",
      title: label,
    },
    childNodes: [{ type: textNode, id: nextId(), textContent: label }],
  };
}

export function withMessengerPlaceholders<T>(
  events: readonly T[],
  own: readonly string[],
  label: string,
): T[] {
  // Ids for the labels that no recorded node can have: rrweb numbers nodes from 1 upwards.
  let lastId = 0;
  const nextId = () => --lastId;

  const replace = (node: unknown): unknown => {
    if (!isObject(node)) return node;
    if (isOwnFrame(node, own)) return placeholderOf(node, label, nextId);
    if (!Array.isArray(node.childNodes)) return node;
    return { ...node, childNodes: node.childNodes.map(replace) };
  };

  return events.map((event) => {
    if (!isObject(event) || !isObject(event.data)) return event;
    const data = event.data;
    if (event.type === fullSnapshot) return { ...event, data: { ...data, node: replace(data.node) } } as T;
    if (event.type === incremental && data.source === mutation && Array.isArray(data.adds)) {
      const adds = list(data.adds).map((add) => (isObject(add) ? { ...add, node: replace(add.node) } : add));
      return { ...event, data: { ...data, adds } } as T;
    }
    return event;
  });
}
