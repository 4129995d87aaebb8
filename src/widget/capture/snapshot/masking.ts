/**
 * What a captured page may not show (spec §5 "Inputs marked ignore or masked are replaced by asterisks
 * in captured pages"), with the same marks the replay recorder uses (spec §9): `gl-block` elements are
 * left out, `gl-mask` text and values become asterisks, as do inputs marked `gl-ignore` or with the
 * reference's `gleap-ignore="value"` attribute. Password fields are always masked.
 */

export const blockClass = "gl-block";
export const ignoreClass = "gl-ignore";
export const maskClass = "gl-mask";

type Marked = Pick<Element, "classList" | "getAttribute">;

/** Asterisks for every character, so the length stays visible and nothing else does. */
export function maskText(text: string): string {
  return text.replace(/\S/g, "*");
}

/** A field's value masked whole, spaces included (the reference's `new Array(length + 1).join("*")`). */
export function maskValue(value: string): string {
  return "*".repeat(value.length);
}

export const isBlocked = (element: Marked) => element.classList.contains(blockClass);

/** An element whose own text (and its descendants') is masked. */
export const masksText = (element: Marked) => element.classList.contains(maskClass);

/** Whether a form field's value is masked: marked, inside masked text, or a password. */
export function masksValue(field: Marked & { type?: string }, insideMaskedText = false): boolean {
  return (
    insideMaskedText ||
    field.classList.contains(maskClass) ||
    field.classList.contains(ignoreClass) ||
    field.getAttribute("gleap-ignore") === "value" ||
    String(field.type ?? "").toLowerCase() === "password"
  );
}
