/**
 * Joins calls made while one is on its way: screens that mount together (a report's triage and its
 * note composer both list the admins) send one request between them. Nothing is kept once it settles,
 * so a later call always asks the server again.
 */
export function sharedRequest<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().finally(() => {
      pending = null;
    });
    return pending;
  };
}
