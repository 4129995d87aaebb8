/**
 * The localStorage key that says a project has reports kept in IndexedDB (the report chunk's outbox,
 * src/widget/report/). The loader reads only this at a session's start, so a page view without kept
 * reports neither opens IndexedDB nor loads the chunk.
 */
export const storedReportsFlag = (sdkKey: string) => `gleap-outbox-${sdkKey}`;
