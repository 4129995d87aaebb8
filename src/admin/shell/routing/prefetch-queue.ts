/** Spec §2: route prefetching keeps at most 4 pending items. */
export const prefetchQueueLimit = 4;

export interface PrefetchQueue {
  /** Queues a key; a key already queued, running or done is ignored. */
  add(key: string): void;
  pending(): readonly string[];
}

/**
 * Prefetches run one at a time so they never compete with the page the admin is on. When more than
 * the limit wait, the oldest waiting key is dropped: the latest hover says best where the admin goes.
 */
export function createPrefetchQueue(
  run: (key: string) => Promise<unknown>,
  limit = prefetchQueueLimit,
): PrefetchQueue {
  const waiting: string[] = [];
  const started = new Set<string>();
  let busy = false;

  const next = () => {
    const key = waiting.shift();
    if (key === undefined) {
      busy = false;
      return;
    }
    busy = true;
    started.add(key);
    run(key)
      .catch(() => started.delete(key))
      .finally(next);
  };

  return {
    add(key) {
      if (started.has(key) || waiting.includes(key)) return;
      waiting.push(key);
      if (waiting.length > limit) waiting.shift();
      if (!busy) next();
    },
    pending: () => [...waiting],
  };
}
