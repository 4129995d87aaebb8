import { isBlocked, masksText, masksValue, maskText, maskValue } from "../snapshot/masking.ts";
import { keepRoom, type StandIn, standIn } from "./layout-boxes.ts";

/**
 * How the capture's picture shows what the page snapshot masks (the rule in snapshot/masking.ts), so a
 * private element keeps its place and reads as hidden rather than vanishing:
 * - a masked or ignored field (a password, a card number…) keeps its look, its value as asterisks (one
 *   per character); a select shows its choice as asterisks;
 * - masked text in a line (an inline element) becomes asterisks, as in the snapshot;
 * - any other masked element, and every `gl-block` element, becomes a flat grey box (`maskedFill`) of
 *   exactly its size and margins, with nothing of its content.
 * Copies keep only the attributes that lay them out; nothing the element holds reaches the picture.
 */

export const maskedFill = "#c6c6cc";

const layoutAttributes = new Set([
  "id",
  "class",
  "style",
  "dir",
  "lang",
  "colspan",
  "rowspan",
  "type",
  "size",
]);

function bareCopy<T extends Element>(element: T): T {
  const copy = element.cloneNode(false) as T;
  for (const name of copy.getAttributeNames())
    if (!layoutAttributes.has(name.toLowerCase())) copy.removeAttribute(name);
  return copy;
}

/** A text field with its value as asterisks. */
function maskedField(field: HTMLInputElement | HTMLTextAreaElement): Element {
  const copy = bareCopy(field);
  const masked = maskValue(field.value);
  if (field.tagName === "TEXTAREA") copy.textContent = masked;
  else {
    copy.setAttribute("value", masked);
    (copy as HTMLInputElement).value = masked;
  }
  return copy;
}

/** A select showing its chosen option's label as asterisks. */
function maskedSelect(select: HTMLSelectElement): Element {
  const copy = bareCopy(select);
  const option = select.ownerDocument.createElement("option");
  option.textContent = maskText(select.selectedOptions?.[0]?.textContent ?? "");
  option.selected = true;
  copy.append(option);
  return copy;
}

const isTextField = (element: Element) => element.tagName === "INPUT" || element.tagName === "TEXTAREA";

/**
 * A flat grey box of the element's room (a box of its own even where the element is a run of text).
 * Each restyle empties it again: snapdom adds the element's `::before`/`::after` content to its copy.
 */
function greyBox(element: Element, display: string): StandIn {
  const copy = bareCopy(element) as unknown as HTMLElement;
  return standIn(copy, () => {
    copy.replaceChildren();
    keepRoom(element, copy);
    if (display === "inline") copy.style.setProperty("display", "inline-block", "important");
    copy.style.setProperty("background", maskedFill, "important");
    copy.style.setProperty("color", "transparent", "important");
  });
}

/** A copy holding only `text`, set again on restyle (which drops pseudo-element content snapdom added). */
function withText(copy: Element, text: string): StandIn {
  return standIn(copy, () => {
    copy.textContent = text;
  });
}

const skippedInputs = /^(checkbox|radio|range|color|button|submit|reset|image|file|hidden)$/;

/** The copy the picture shows instead of `element`, or undefined when the element shows as it is. */
export function maskedCopy(element: Element): StandIn | undefined {
  const blocked = isBlocked(element);
  if (!blocked && isTextField(element)) {
    const type = (element.getAttribute("type") ?? "").toLowerCase();
    if (element.tagName === "INPUT" && skippedInputs.test(type)) return undefined;
    return masksValue(element)
      ? standIn(maskedField(element as HTMLInputElement), () => undefined)
      : undefined;
  }
  if (!blocked && element.tagName === "SELECT")
    return masksValue(element)
      ? standIn(maskedSelect(element as HTMLSelectElement), () => undefined)
      : undefined;
  if (!blocked && !masksText(element)) return undefined;
  const display = element.ownerDocument.defaultView?.getComputedStyle(element).display ?? "block";
  if (display === "none") return undefined;
  // Text that flows in its parent's lines: asterisks keep the lines' flow.
  if (display === "contents" || (display === "inline" && !blocked))
    return withText(bareCopy(element), blocked ? "" : maskText(element.textContent ?? ""));
  return greyBox(element, display);
}
