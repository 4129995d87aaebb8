/** Texts of the application shell's error page, loading overlay and update notice (English, the source). */
export const shellMessagesEnUS = {} as const;

/** The same texts in German; typed against the English ones so a missing text fails the type check. */
export const shellMessagesDe: Record<keyof typeof shellMessagesEnUS, string> = {};
