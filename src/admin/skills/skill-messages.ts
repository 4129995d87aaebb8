/** The skills screens' texts (English, the source), spread into the en-US catalogue. */
export const skillMessagesEnUS = {} as const;

/** The same texts in German; typed against the English ones so a missing text fails the type check. */
export const skillMessagesDe: Record<keyof typeof skillMessagesEnUS, string> = {};
