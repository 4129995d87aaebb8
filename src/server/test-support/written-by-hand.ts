import { forgetSessionRows } from "../domain/sessions/ping-log-registry.ts";
import type { RunningServer } from "../server.ts";

/**
 * A test's write straight to the database, past the routes that tell the widget API's caches
 * (widget-lookup-cache.ts) and the session rows the ping log keeps (ping-log.ts): once it is done the
 * server forgets what it kept, as a signal or the repository's own write would have made it.
 */
export async function writtenByHand<T>(
  server: Pick<RunningServer, "widgetLookups" | "db">,
  write: Promise<T> | PromiseLike<T>,
): Promise<T> {
  const result = await write;
  server.widgetLookups.forgetAll();
  forgetSessionRows(server.db.sql);
  return result;
}
