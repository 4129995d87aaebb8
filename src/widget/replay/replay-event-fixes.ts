import { hidesText, isPrivateField } from "../../shared/privacy/private-elements.ts";

/**
 * One pass over what rrweb serialised (a full snapshot, a mutation's added nodes and changed texts),
 * with the live nodes its mirror names, for two things rrweb's options cannot say:
 *
 * - Selects are among the fields rrweb masks (replay-privacy.ts names them, so a private select's
 *   choice is masked), and rrweb then leaves `selected` off every option. The replayer ignores a
 *   select's `value` attribute, so a replay would show each select's first option until the visitor
 *   changed it: the choice is put back for selects that are not private.
 * - Text placed directly in a shadow root has no parent element, so rrweb never asks `maskTextFn`
 *   about it: it is masked here when the shadow host hides text (a `gl-mask` host, or one inside it).
 */

export interface NodeMirror {
  getNode(id: number): Node | null;
}

interface SerializedNode {
  type: number;
  id?: number;
  tagName?: string;
  textContent?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

interface Event {
  type: number;
  data?: unknown;
}

interface EventData {
  node?: SerializedNode;
  source?: number;
  adds?: Array<{ node?: SerializedNode }>;
  texts?: Array<{ id?: number; value?: string | null }>;
}

const elementNode = 2;
const textNode = 3;
const fullSnapshot = 2;
const incrementalSnapshot = 3;
const mutation = 0;

const masked = (text: string) => text.replace(/\S/g, "*");

/** Whether a live text node sits directly in a shadow root whose host hides text. */
function inHiddenShadowRoot(node: Node | null): boolean {
  const parent = node?.parentNode;
  if (parent?.nodeType !== 11) return false;
  const host = (parent as ShadowRoot).host;
  return Boolean(host) && hidesText(host);
}

function fixNode(node: SerializedNode, id: number, mirror: NodeMirror) {
  if (node.type === elementNode && node.tagName === "option" && node.attributes) {
    const live = mirror.getNode(id) as HTMLOptionElement | null;
    const select = live?.parentElement?.closest("select");
    if (live?.selected && !(select && isPrivateField(select))) node.attributes.selected = true;
  } else if (node.type === textNode && node.textContent && inHiddenShadowRoot(mirror.getNode(id))) {
    node.textContent = masked(node.textContent);
  }
}

function visit(node: SerializedNode | undefined, mirror: NodeMirror) {
  if (!node || typeof node !== "object") return;
  if (typeof node.id === "number") fixNode(node, node.id, mirror);
  for (const child of node.childNodes ?? []) visit(child, mirror);
}

export function fixSerializedEvent(event: Event, mirror: NodeMirror): void {
  const data = event.data as EventData | undefined;
  if (!data || typeof data !== "object") return;
  if (event.type === fullSnapshot) visit(data.node, mirror);
  else if (event.type === incrementalSnapshot && data.source === mutation) {
    for (const add of data.adds ?? []) visit(add.node, mirror);
    for (const text of data.texts ?? []) {
      if (typeof text.id === "number" && text.value && inHiddenShadowRoot(mirror.getNode(text.id)))
        text.value = masked(text.value);
    }
  }
}
