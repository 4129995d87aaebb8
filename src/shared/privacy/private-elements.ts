/**
 * The one rule of what a report may not carry of the host page (spec §9 "Replay defaults", §5
 * "Inputs marked ignore or masked are replaced by asterisks in captured pages"), used by every capture
 * path: the page snapshot and its picture, the web replay, click texts, and the scrubbing of logs.
 *
 * - `gl-block`: the element is not recorded at all (a same-size placeholder stands in for it).
 * - `gl-mask`: its text and every field value inside it are masked.
 * - `gl-ignore`: every field value inside it is masked (its plain text is not).
 * - Always private, whatever the marks: passwords, card fields (`autocomplete="cc-…"`), one-time codes
 *   and new or current passwords by their autocomplete token, and the reference's `gleap-ignore="value"`.
 *
 * Marks count on the element itself or on any element around it, crossing shadow-root hosts and the
 * `<iframe>` of a same-origin frame, so a site marks a whole form or widget once. Pure: it reads the
 * DOM and keeps nothing. Cross-realm safe (no `instanceof`), since frames have their own globals.
 */

export const blockClass = "gl-block";
export const ignoreClass = "gl-ignore";
export const maskClass = "gl-mask";

/** Elements whose own text, or whose fields' values, stay out of every capture. */
export const privateRegionSelector = `.${maskClass},.${ignoreClass},.${blockClass}`;

const textMarks = [maskClass, blockClass];
const valueMarks = [maskClass, ignoreClass, blockClass];

/** Autocomplete tokens that name a secret: any card field, and the password and one-time-code kinds. */
const secretAutocomplete = /^(cc-.+|one-time-code|new-password|current-password)$/;

type Container = Pick<Node, "parentNode">;

/** The element around this one: its parent, the host of its shadow root, or its frame's `<iframe>`. */
export function containerOf(node: Container): Element | null {
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  // A shadow root; a plain fragment has no host.
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  if (parent.nodeType === 9) {
    try {
      // Null at the top and for a frame of another origin.
      return (parent as Document).defaultView?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

function hasClass(element: Element, classes: readonly string[]): boolean {
  const list = element.classList;
  return Boolean(list) && classes.some((name) => list.contains(name));
}

function markedAround(element: Element, classes: readonly string[]): boolean {
  for (let at = containerOf(element); at; at = containerOf(at)) if (hasClass(at, classes)) return true;
  return false;
}

/** Whether a field is secret by what it is, marks aside. */
function secretByKind(element: Element): boolean {
  if (element.getAttribute("gleap-ignore") === "value") return true;
  if (element.tagName === "INPUT" && (element.getAttribute("type") ?? "").trim().toLowerCase() === "password")
    return true;
  const autocomplete = (element.getAttribute("autocomplete") ?? "").toLowerCase();
  return autocomplete !== "" && autocomplete.split(/\s+/).some((token) => secretAutocomplete.test(token));
}

/**
 * Inside an editable region, by its attribute: the nearest `contenteditable` decides. Not
 * `isContentEditable`, which makes Chromium bring style up to date, and rrweb asks for every text node.
 */
function isEditable(element: Element): boolean {
  const nearest = element.closest?.("[contenteditable]");
  return Boolean(nearest) && (nearest?.getAttribute("contenteditable") ?? "").toLowerCase() !== "false";
}

/** `gl-block`: left out of the replay, a placeholder in the snapshot (the element itself, not its ancestors). */
export const isBlockedElement = (element: Element): boolean => hasClass(element, [blockClass]);

/**
 * Whether a field's value (an input, text area, select, or an editable region's text) is private.
 * `marksAround`, when the caller already knows whether a container carries `gl-mask`, `gl-ignore` or
 * `gl-block`, saves the walk up.
 */
export function isPrivateField(element: Element, marksAround?: boolean): boolean {
  if (secretByKind(element) || hasClass(element, valueMarks)) return true;
  return marksAround ?? markedAround(element, valueMarks);
}

/**
 * Whether the text inside an element is masked: `gl-mask` or `gl-block` on it or around it, or what a
 * visitor typed (a text area's text, an editable region's) in a private field. `textHiddenAround`, when
 * the caller already knows whether a container hides text, saves the walk up.
 */
export function hidesText(element: Element, textHiddenAround?: boolean): boolean {
  if (textHiddenAround === true || hasClass(element, textMarks)) return true;
  if (textHiddenAround === undefined && markedAround(element, textMarks)) return true;
  return (element.tagName === "TEXTAREA" || isEditable(element)) && isPrivateField(element);
}
