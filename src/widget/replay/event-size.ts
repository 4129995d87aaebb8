/**
 * Spec §5/§9: a replay event over 4,000,000 characters (as JSON) is stripped of its data URLs: pictures
 * become a 1×1 placeholder, anything else is removed. The reference's rule and placeholder.
 */
export const maxEventChars = 4_000_000;

/** A transparent 1×1 PNG, as the reference puts in place of a picture. */
export const placeholderImage =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAAXNSR0IArs4c6QAAAARnQU1BAACxjwv8YQUAAAAQSURBVHgBAQUA+v8ABRg5/wHSAVZN1mnaAAAAAElFTkSuQmCC";

// The reference's pattern, with `+` allowed in the type (image/svg+xml is a picture too).
const dataUrl = /data:([\w/\-.+]+);(\w+),([^)"]*)/gi;

/** Replaces every data URL in a serialised event: pictures by the placeholder, the rest by nothing. */
export function stripDataUrls(json: string): string {
  return json.replace(dataUrl, (_whole, mime: string) =>
    mime.toLowerCase().startsWith("image/") ? placeholderImage : "",
  );
}

/**
 * Event types and incremental sources whose size is bounded by what they describe (a mouse position,
 * a scroll offset, a click): they can never reach the limit, so they are not serialised to measure.
 * Full snapshots, mutations, style sheets, fonts and canvases can carry data URLs.
 */
const boundedSources = new Set([1, 2, 3, 4, 6, 7, 11, 12, 14]);
const roughSmallEventChars = 120;

interface RecordedEvent {
  type: number;
  data?: { source?: number } | unknown;
}

export function mayBeLarge(event: RecordedEvent): boolean {
  if (event.type === 3) {
    const source = (event.data as { source?: number } | undefined)?.source;
    return !(typeof source === "number" && boundedSources.has(source));
  }
  // Meta (4) and DomContentLoaded/Load (0, 1) are small; full snapshots (2), custom (5) and plugin (6) events are not.
  return event.type === 2 || event.type === 5 || event.type === 6;
}

/**
 * The event as it goes into the buffer, with its size in characters (measured for events that may be
 * large, estimated for the small kinds). An event over the limit is replaced by its stripped copy.
 */
export function limitEvent<T extends RecordedEvent>(event: T): { event: T; chars: number } {
  if (!mayBeLarge(event)) return { event, chars: roughSmallEventChars };
  const json = JSON.stringify(event);
  if (json.length <= maxEventChars) return { event, chars: json.length };
  const stripped = stripDataUrls(json);
  return { event: JSON.parse(stripped) as T, chars: stripped.length };
}
