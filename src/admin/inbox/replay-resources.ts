import type { ExternalResources } from "./external-resources.ts";
import { type AttributeTarget, rewriteResourceAttributes } from "./resource-attributes.ts";

/**
 * The web replay's rrweb events with every address the replayer would fetch rewritten
 * (external-resources.ts), before rrweb sees them: the serialized page of each full snapshot, the nodes
 * and attributes mutations add, `<style>` texts and their changes, style sheet rules (inserted,
 * replaced, adopted, single declarations) and web fonts. The events
 * given are left as they are (the admin may still load external content, which starts from them).
 *
 * Shapes are read defensively: events come from a visitor's browser, so a field of the wrong type is
 * left alone for rrweb to ignore, never trusted.
 */

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** rrweb's event and node type numbers (rrweb's `EventType`, `IncrementalSource`, `NodeType`). */
const fullSnapshot = 2;
const incremental = 3;
// Canvas mutations (9), which may draw a picture by its address, are not replayed at all: the player
// runs without rrweb's `UNSAFE_replayCanvas` (replay-engine.ts).
const source = { mutation: 0, styleSheetRule: 8, font: 10, styleDeclaration: 13, adopted: 15 };
const elementNode = 2;
const textNode = 3;

function attributesTarget(tag: string, attributes: Loose): AttributeTarget {
  return {
    tag,
    // Only text values: rrweb writes `true` for a bare attribute, objects for style changes.
    names: () => Object.keys(attributes).filter((name) => typeof attributes[name] === "string"),
    get: (name) => {
      const value = attributes[name];
      return typeof value === "string" ? value : null;
    },
    set: (name, value) => {
      attributes[name] = value;
    },
    remove: (name) => {
      // In a mutation, null removes the attribute from the replayed page; in a node, it is skipped.
      attributes[name] = null;
    },
  };
}

/**
 * What rewrites the page's nodes as the events build it: `walk` a serialized node (a full snapshot's
 * page, a mutation's added node), `mutation` an incremental mutation; it remembers which nodes are
 * `<style>` elements and their texts, and each element's tag, for the changes that name them later.
 */
function pageRewriter(resources: ExternalResources) {
  const tagById = new Map<number, string>();
  const styleElements = new Set<number>();
  const styleTexts = new Set<number>();

  const css = (value: unknown) => (typeof value === "string" ? resources.css(value) : value);

  const walk = (node: unknown, parentIsStyle: boolean) => {
    if (!isObject(node)) return;
    const id = typeof node.id === "number" ? node.id : null;
    let isStyle = false;
    if (node.type === elementNode && typeof node.tagName === "string") {
      const tag = node.tagName.toLowerCase();
      isStyle = tag === "style";
      if (id !== null) {
        tagById.set(id, tag);
        if (isStyle) styleElements.add(id);
      }
      if (isObject(node.attributes))
        rewriteResourceAttributes(attributesTarget(tag, node.attributes), resources);
    } else if (node.type === textNode && (parentIsStyle || node.isStyle === true)) {
      if (id !== null) styleTexts.add(id);
      node.textContent = css(node.textContent);
    }
    for (const child of list(node.childNodes)) walk(child, isStyle);
  };

  const mutation = (data: Loose) => {
    for (const add of list(data.adds)) {
      if (!isObject(add)) continue;
      walk(add.node, typeof add.parentId === "number" && styleElements.has(add.parentId));
    }
    for (const change of list(data.attributes)) {
      if (!isObject(change) || !isObject(change.attributes)) continue;
      const tag = typeof change.id === "number" ? (tagById.get(change.id) ?? "") : "";
      const attributes = change.attributes;
      // A style change arrives as an object of properties: each value is CSS, or [value, priority].
      if (isObject(attributes.style)) {
        const style = attributes.style;
        for (const [property, value] of Object.entries(style)) {
          if (Array.isArray(value)) style[property] = [css(value[0]), value[1]];
          else style[property] = css(value);
        }
      }
      rewriteResourceAttributes(attributesTarget(tag, attributes), resources);
    }
    for (const text of list(data.texts)) {
      if (isObject(text) && typeof text.id === "number" && styleTexts.has(text.id))
        text.value = css(text.value);
    }
  };

  return { css, walk, mutation };
}

export function replayEventsWithResources<T>(events: readonly T[], resources: ExternalResources): T[] {
  const copy = structuredClone(events) as T[];
  const { css, walk, mutation } = pageRewriter(resources);
  const rules = (entries: unknown) => {
    for (const entry of list(entries)) if (isObject(entry)) entry.rule = css(entry.rule);
  };

  for (const event of copy) {
    if (!isObject(event) || !isObject(event.data)) continue;
    const data = event.data;
    if (event.type === fullSnapshot) walk(data.node, false);
    if (event.type !== incremental) continue;
    switch (data.source) {
      case source.mutation:
        mutation(data);
        break;
      case source.styleSheetRule:
        rules(data.adds);
        data.replace = css(data.replace);
        data.replaceSync = css(data.replaceSync);
        break;
      case source.styleDeclaration:
        if (isObject(data.set)) data.set.value = css(data.set.value);
        break;
      case source.adopted:
        for (const style of list(data.styles)) if (isObject(style)) rules(style.rules);
        break;
      case source.font:
        // A font given by address is loaded with `new FontFace(family, source)`: CSS `src` syntax.
        if (data.buffer !== true) data.fontSource = css(data.fontSource);
        break;
    }
  }
  return copy;
}
