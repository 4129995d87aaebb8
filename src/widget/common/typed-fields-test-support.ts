/**
 * Leaves values in a test page's fields as a visitor's typing would (`selector` → value, a select's
 * value choosing its option), in `root`: the document or a shadow root.
 */
export function typeIntoFields(values: Record<string, string>, root: ParentNode = document): void {
  for (const [selector, value] of Object.entries(values))
    (root.querySelector(selector) as HTMLInputElement).value = value;
}
