import { hidesText, isBlockedElement, isPrivateField } from "../../../shared/privacy/private-elements.ts";

/**
 * What a captured page may not show (spec §5 "Inputs marked ignore or masked are replaced by asterisks
 * in captured pages"), by the one rule every capture path uses (src/shared/privacy/private-elements.ts):
 * `gl-block` elements are left out, `gl-mask` text and values become asterisks, as do values inside
 * `gl-ignore`, password and card fields, and the reference's `gleap-ignore="value"`.
 */

export { blockClass, ignoreClass, maskClass } from "../../../shared/privacy/private-elements.ts";

/** Asterisks for every character, so the length stays visible and nothing else does. */
export function maskText(text: string): string {
  return text.replace(/\S/g, "*");
}

/** A field's value masked whole, spaces included (the reference's `new Array(length + 1).join("*")`). */
export function maskValue(value: string): string {
  return "*".repeat(value.length);
}

export const isBlocked = (element: Element) => isBlockedElement(element);

/**
 * An element whose own text (and its descendants') is masked. `insideMaskedText`, when the caller walks
 * the page from the top and knows it, saves looking at the element's ancestors.
 */
export const masksText = (element: Element, insideMaskedText?: boolean) =>
  hidesText(element, insideMaskedText);

/** Whether a form field's value is masked: inside masked text, or private by the rule. */
export function masksValue(field: Element, insideMaskedText = false): boolean {
  return insideMaskedText || isPrivateField(field);
}
