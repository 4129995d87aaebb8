/** The reports screens' texts (English, the source), spread into the en-US catalogue. */
export const reportMessagesEnUS = {} as const;

/** The same texts in German; typed against the English ones so a missing text fails the type check. */
export const reportMessagesDe: Record<keyof typeof reportMessagesEnUS, string> = {};
