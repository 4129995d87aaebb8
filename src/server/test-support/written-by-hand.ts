import type { RunningServer } from "../server.ts";

/**
 * A test's write straight to the database, past the routes that tell the widget API's caches
 * (widget-lookup-cache.ts): once it is done the server forgets what it kept, as a signal would have
 * made it.
 */
export async function writtenByHand<T>(
  server: Pick<RunningServer, "widgetLookups">,
  write: Promise<T> | PromiseLike<T>,
): Promise<T> {
  const result = await write;
  server.widgetLookups.forgetAll();
  return result;
}
