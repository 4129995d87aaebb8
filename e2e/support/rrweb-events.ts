/**
 * Web replays as rrweb records them, for specs that file a report with one: serialized nodes and the
 * two events every replay starts with (the page's address and size, then its full snapshot).
 */

/** An element as rrweb serializes it. */
export const element = (
  id: number,
  tagName: string,
  attributes: Record<string, string> = {},
  childNodes: unknown[] = [],
) => ({ type: 2, id, tagName, attributes, childNodes });

/** A text node as rrweb serializes it. */
export const text = (id: number, textContent: string) => ({ type: 3, id, textContent });

/** A document (id 1) with its doctype (id 2) and its `<html>` element. */
export const replayDocument = (html: ReturnType<typeof element>) => ({
  type: 0,
  id: 1,
  childNodes: [{ type: 1, id: 2, name: "html", publicId: "", systemId: "" }, html],
});

/** The meta event at `start` and the full snapshot of `page` 10 ms later. */
export const replayOpening = (
  start: number,
  page: { href: string; width: number; height: number },
  snapshot: ReturnType<typeof replayDocument>,
) => [
  { type: 4, timestamp: start, data: page },
  { type: 2, timestamp: start + 10, data: { node: snapshot, initialOffset: { top: 0, left: 0 } } },
];
