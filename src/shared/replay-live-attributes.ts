import { isObject, list, rrwebTypes } from "./rrweb-event-shape.ts";

/**
 * Attributes of a recorded page that would run script once rrweb rebuilds the element: event handlers
 * (`on…`), `javascript:`/`vbscript:` addresses, a frame's `srcdoc` (a whole document) and a button's
 * `formaction`. The replay frame runs nothing today only because its `sandbox` lacks `allow-scripts`;
 * these are dropped from the events themselves so a later change to that frame cannot make them live.
 * The widget drops them as it records (src/widget/replay/replay-recorder.ts) and the admin again before
 * it replays (src/admin/inbox/replay-resources.ts), since a report's events come from any client.
 *
 * Events are rrweb's: a full snapshot's node tree, a mutation's added nodes and attribute changes.
 * Shapes are read defensively and changed in place; a node keeps no removed attribute, a change sets it
 * to null (which removes it from the replayed page).
 */

const { fullSnapshot, incremental, mutation, elementNode } = rrwebTypes;

const alwaysLive = new Set(["srcdoc", "formaction"]);
/** What the visitor typed or a field holds: text, never followed as an address. */
const plainText = new Set(["value"]);
const scriptScheme = /^(?:javascript|vbscript):/i;

/**
 * The first visible characters of an address as a browser reads its scheme: ASCII whitespace and
 * control characters are dropped wherever they are ("java\tscript:"). Only as many as the longest
 * scheme needs are read, so a long `data:` picture costs nothing.
 */
function schemeOf(address: string): string {
  let visible = "";
  for (let index = 0; index < address.length && visible.length < "javascript:".length; index++) {
    const code = address.charCodeAt(index);
    if (code > 0x20 && code !== 0x7f) visible += address[index];
  }
  return visible;
}

export function isLiveAttribute(name: string, value: unknown): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith("on") || alwaysLive.has(lower)) return true;
  if (plainText.has(lower) || typeof value !== "string") return false;
  return scriptScheme.test(schemeOf(value));
}

function cleanNode(node: unknown) {
  if (!isObject(node)) return;
  if (node.type === elementNode && isObject(node.attributes)) {
    const attributes = node.attributes;
    for (const name of Object.keys(attributes))
      if (isLiveAttribute(name, attributes[name])) delete attributes[name];
  }
  for (const child of list(node.childNodes)) cleanNode(child);
}

/** Drops the live attributes from one rrweb event, in place; answers the event. */
export function dropLiveAttributes<T>(event: T): T {
  if (!isObject(event) || !isObject(event.data)) return event;
  const data = event.data;
  if (event.type === fullSnapshot) cleanNode(data.node);
  if (event.type !== incremental || data.source !== mutation) return event;
  for (const add of list(data.adds)) if (isObject(add)) cleanNode(add.node);
  for (const change of list(data.attributes)) {
    if (!isObject(change) || !isObject(change.attributes)) continue;
    const attributes = change.attributes;
    for (const name of Object.keys(attributes))
      if (isLiveAttribute(name, attributes[name])) attributes[name] = null;
  }
  return event;
}
