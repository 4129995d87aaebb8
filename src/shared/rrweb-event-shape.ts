/**
 * What code reading rrweb's recorded events needs to walk them: the event, source and node type numbers,
 * and readers that take any shape without trusting it (a report's events come from any client).
 */

export type Loose = Record<string, unknown>;

export const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** rrweb's event, source and node type numbers. */
export const rrwebTypes = {
  fullSnapshot: 2,
  incremental: 3,
  mutation: 0,
  elementNode: 2,
  textNode: 3,
} as const;
