/**
 * What visitors typed, kept by the eager loader so a report can scrub it from the console and network
 * logs even when the field was cleared or changed before the report (a login form that resets after
 * posting the password). Which of these values are private is decided only when a report is built
 * (private-elements.ts), so the loader stays small. Nothing here leaves the page: the values are only
 * what the scrubber looks for.
 *
 * One capture-phase `input` listener on the document: its composed path reaches fields inside open
 * shadow roots. Same-origin frames have their own console and network, which the SDK does not log;
 * their current values are read at report time.
 */

/** The field (the event's innermost target) and a value it had. */
export type TypedValue = [field: EventTarget, value: string];

/** Shorter values are not looked for: they would match everywhere. Longer ones: the field is read at report time. */
export const typedValueLength = { min: 4, max: 1000 };
export const maxTypedValues = 200;

/**
 * Typing forward extends the field's last value and deleting shortens it: one entry holds the longest
 * (the scrubber masks every prefix of it), so a long text is one entry, not one per key.
 */
export function recordTypedValues(doc: Document, values: TypedValue[]): () => void {
  const listener = (event: Event) => {
    try {
      const field = event.composedPath()[0] as HTMLInputElement;
      const value =
        typeof field.value === "string" ? field.value : field.isContentEditable && field.textContent;
      if (!value || value.length < typedValueLength.min || value.length > typedValueLength.max) return;
      const last = values[values.length - 1];
      const run = last && last[0] === field ? last : null;
      if (run && value.startsWith(run[1])) run[1] = value;
      else if (!run?.[1].startsWith(value)) {
        values.push([field, value]);
        if (values.length > maxTypedValues) values.shift();
      }
    } catch {
      // The host's typing must never notice us.
    }
  };
  doc.addEventListener("input", listener, true);
  return () => doc.removeEventListener("input", listener, true);
}
