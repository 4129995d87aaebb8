import type { LocalPublisher } from "./fanout.ts";

/** A watch over one topic, begun by `PublishWatch.watch`. */
export interface TopicWatch {
  /** Whether anything was published to the topic in this process since the watch began. */
  changed(): boolean;
  end(): void;
}

export interface PublishWatch {
  /** The process's local publisher, seen through the watch: what the fan-out publishes with. */
  local: () => LocalPublisher | null;
  watch(topic: string): TopicWatch;
}

/**
 * Tells whether anything was published to a topic in this process while some work ran: every message a
 * socket here gets, published here or relayed from Redis, passes the local publisher. Only topics under
 * watch are counted, so it holds nothing once no watch is open.
 */
export function createPublishWatch(local: () => LocalPublisher | null): PublishWatch {
  const watched = new Map<string, { watches: number; published: number }>();
  const publisher: LocalPublisher = {
    publish(topic, message) {
      const entry = watched.get(topic);
      if (entry) entry.published++;
      return local()?.publish(topic, message);
    },
  };
  return {
    local: () => (local() ? publisher : null),
    watch(topic) {
      const entry = watched.get(topic) ?? { watches: 0, published: 0 };
      watched.set(topic, entry);
      entry.watches++;
      const start = entry.published;
      let ended = false;
      return {
        changed: () => entry.published !== start,
        end() {
          if (ended) return;
          ended = true;
          entry.watches--;
          if (entry.watches === 0 && watched.get(topic) === entry) watched.delete(topic);
        },
      };
    },
  };
}
