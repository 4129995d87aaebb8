/** Where the loader keeps a project's session in localStorage (the reference client's key). */
export function sessionStorageKey(sdkKey: string): string {
  return `gleap-widget-session-${sdkKey}`;
}
