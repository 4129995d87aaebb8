import { unreadCountPush } from "../../shared/widget-socket-pushes.ts";
import type { TopicWatch } from "./publish-watch.ts";

export interface OpeningCountParts {
  /** The session's unread count, read from the database. */
  count: () => Promise<number>;
  /** A watch over the session's topic. */
  watch: () => TopicWatch;
  /** Sends to the socket that opened, and to no other. */
  send: (text: string) => void;
  /** How often the count is read before it is given up (pushes keep coming to the session). */
  tries?: number;
}

/**
 * The unread count a widget socket is told as it opens, sent to that socket alone (the session's other
 * sockets know theirs). A push to the session while the count was read may carry a newer count (the
 * visitor read a message meanwhile): the count read before it would then arrive after it and put a
 * stale badge back, so it is read again. With nothing published meanwhile, the send follows that check
 * in the same task, and every later push comes after it. Nothing is sent when nothing is unread.
 */
export async function sendOpeningCount({ count, watch, send, tries = 3 }: OpeningCountParts): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const watching = watch();
    try {
      const unread = await count();
      if (watching.changed()) continue;
      if (unread > 0) send(JSON.stringify(unreadCountPush(unread)));
      return;
    } finally {
      watching.end();
    }
  }
}
