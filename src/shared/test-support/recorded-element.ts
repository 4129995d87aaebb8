/**
 * An element as rrweb records it in a snapshot (node type 2): the shape the replay's readers walk,
 * built by id and tag so a test's page reads as a tree.
 */
export const recordedElement = (
  id: number,
  tagName: string,
  attributes: Record<string, unknown> = {},
  childNodes: unknown[] = [],
) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
});
