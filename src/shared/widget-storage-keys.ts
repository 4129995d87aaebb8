/** Where the loader keeps a project's session in localStorage (the reference client's key). */
export function sessionStorageKey(sdkKey: string): string {
  return `gleap-widget-session-${sdkKey}`;
}

/**
 * Where an unfinished product tour waits for the next page view (the reference client's key): the
 * loader only checks that it is there, the tours chunk reads and writes it.
 */
export const unfinishedTourStorageKey = "gleap-tour-data";
