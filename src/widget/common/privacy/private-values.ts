import { hidesText, isPrivateField } from "../../../shared/privacy/private-elements.ts";
import type { TypedValue } from "../../../shared/privacy/typed-values.ts";

/**
 * The values a report must not carry, known when it is built: what the private fields of the page hold
 * now (the document, its open shadow roots and its same-origin frames, read at once), and what the
 * visitor typed into private fields earlier (the loader's typed values, typed-values.ts), which covers
 * a field cleared after its value was posted.
 */
export interface PrivateValues {
  /** In private fields now: values, selected options, the text of private editable regions. */
  current: string[];
  /** Typed into private fields earlier (each the longest of a run of keys; its prefixes count too). */
  typed: string[];
}

/** Fields whose value is not something the visitor entered. */
const choiceTypes = new Set(["checkbox", "radio", "button", "submit", "reset", "image", "file"]);
/** A frame in a frame in a frame … ends somewhere. */
const maxFrameDepth = 10;

type Root = Document | ShadowRoot;

function valuesOf(element: Element, into: string[]) {
  const tag = element.tagName;
  if (tag === "INPUT") {
    const input = element as HTMLInputElement;
    if (!choiceTypes.has(String(input.type).toLowerCase()) && isPrivateField(element)) into.push(input.value);
  } else if (tag === "TEXTAREA") {
    if (isPrivateField(element)) into.push((element as HTMLTextAreaElement).value);
  } else if (tag === "SELECT") {
    if (!isPrivateField(element)) return;
    for (const option of Array.from((element as HTMLSelectElement).selectedOptions ?? []))
      into.push(option.value, option.text);
  } else if (isEditingHost(element) && hidesText(element)) {
    into.push(element.textContent ?? "");
    // A page may log or send one line of an editor, which the whole text does not contain.
    const walker = element.ownerDocument.createTreeWalker(element, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      into.push((node.nodeValue ?? "").trim());
  }
}

/** Where an editable region starts (its descendants are inside it). */
function isEditingHost(element: Element): boolean {
  const attribute = element.getAttribute("contenteditable");
  return attribute !== null && attribute.toLowerCase() !== "false";
}

function scan(root: Root, into: string[], depth: number) {
  for (const element of Array.from(root.querySelectorAll("*"))) {
    valuesOf(element, into);
    const shadow = element.shadowRoot;
    if (shadow) scan(shadow, into, depth);
    if ((element.tagName === "IFRAME" || element.tagName === "FRAME") && depth < maxFrameDepth) {
      let inner: Document | null = null;
      try {
        inner = (element as HTMLIFrameElement).contentDocument;
      } catch {
        // Another origin: not readable, and not recorded either.
      }
      if (inner) scan(inner, into, depth + 1);
    }
  }
}

const isElement = (target: EventTarget): target is Element => (target as Node).nodeType === 1;

export function collectPrivateValues(doc: Document | null | undefined, typed: readonly TypedValue[] = []) {
  const current: string[] = [];
  try {
    if (doc) scan(doc, current, 0);
  } catch {
    // A page that cannot be read leaves what was typed.
  }
  const typedPrivate: string[] = [];
  for (const [field, value] of typed) {
    try {
      if (isElement(field) && (isPrivateField(field) || hidesText(field))) typedPrivate.push(value);
    } catch {
      // A field from a frame that is gone: nothing to decide by.
    }
  }
  const nonEmpty = (values: string[]) => [...new Set(values.filter((value) => value !== ""))];
  return { current: nonEmpty(current), typed: nonEmpty(typedPrivate) } satisfies PrivateValues;
}
