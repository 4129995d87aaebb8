import { ApiError, type MessengerApi, toApiError } from "./api-client.ts";

/**
 * GET answers by path, shared by every screen: a screen shown again shows what it had at once and
 * refreshes behind it; the shell can start a screen's request before its code has arrived
 * (`prefetch`); a screen that changed something refreshes the lists it affects (`invalidate`).
 */
export type QueryState<T> =
  | { status: "loading" }
  | { status: "error"; error: ApiError }
  | { status: "ready"; data: T; refreshing: boolean };

interface Entry {
  state: QueryState<unknown>;
  listeners: Set<() => void>;
  inFlight: Promise<void> | null;
  /** When the answer shown was fetched (ms). */
  fetchedAt: number;
  /** Bumped by `invalidate`, so an answer to an older request does not overwrite a newer one. */
  generation: number;
}

export interface QueryCache {
  /** The state of a path (loading until something fetched it). */
  read<T>(path: string): QueryState<T>;
  subscribe(path: string, listener: () => void): () => void;
  /** Fetches the path unless it is being fetched or already there (`force` refetches). */
  fetch(path: string, force?: boolean): Promise<void>;
  prefetch(path: string): void;
  /** Refetches the path when its answer is older than `maxAgeMs` (a screen shown again). */
  revalidate(path: string, maxAgeMs: number): void;
  /** Refetches every cached path starting with `prefix` now (something changed: a push, a write). */
  invalidate(prefix: string): void;
  /** Puts an answer in by hand (an optimistic update, a push from the socket). */
  set<T>(path: string, data: T): void;
  /** Forgets everything (a new session); what shows is fetched again. */
  clear(): void;
}

const loading: QueryState<never> = { status: "loading" };

function setState(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  for (const listener of [...entry.listeners]) listener();
}

/** Loads the answer of fetch number `generation` into `entry`; one a later fetch, `set` or `clear` overtook is dropped. */
async function loadInto(entry: Entry, generation: number, load: () => Promise<unknown>): Promise<void> {
  try {
    const data = await load();
    if (generation === entry.generation) {
      entry.fetchedAt = Date.now();
      setState(entry, { status: "ready", data, refreshing: false });
    }
  } catch (failure) {
    if (generation !== entry.generation) return;
    const error = toApiError(failure);
    // No session yet: the shell fetches again when the host sends one.
    if (error.kind === "not-ready") return;
    // A failed refresh keeps what the visitor is reading.
    if (entry.state.status === "ready") setState(entry, { ...entry.state, refreshing: false });
    else setState(entry, { status: "error", error });
  } finally {
    if (generation === entry.generation) entry.inFlight = null;
  }
}

export function createQueryCache(api: () => MessengerApi): QueryCache {
  const entries = new Map<string, Entry>();
  const entryOf = (path: string): Entry => {
    let entry = entries.get(path);
    if (!entry) {
      entry = { state: loading, listeners: new Set(), inFlight: null, generation: 0, fetchedAt: 0 };
      entries.set(path, entry);
    }
    return entry;
  };

  const cache: QueryCache = {
    read: <T>(path: string) => (entries.get(path)?.state ?? loading) as QueryState<T>,
    subscribe(path, listener) {
      const entry = entryOf(path);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    fetch(path, force = false) {
      const entry = entryOf(path);
      if (entry.inFlight && !force) return entry.inFlight;
      if (!force && entry.state.status === "ready") return Promise.resolve();
      const generation = ++entry.generation;
      const previous = entry.state;
      if (previous.status === "ready") setState(entry, { ...previous, refreshing: true });
      else if (previous.status === "error") setState(entry, loading);
      const request = loadInto(entry, generation, () => api().get<unknown>(path));
      entry.inFlight = request;
      return request;
    },
    prefetch(path) {
      void cache.fetch(path);
    },
    revalidate(path, maxAgeMs) {
      const entry = entries.get(path);
      if (entry?.state.status === "ready" && !entry.inFlight && Date.now() - entry.fetchedAt >= maxAgeMs)
        void cache.fetch(path, true);
    },
    invalidate(prefix) {
      for (const [path, entry] of entries) {
        // Even an answer on its way may predate the change; a path nobody shows or keeps is left alone.
        if (!path.startsWith(prefix)) continue;
        if (entry.listeners.size > 0 || entry.state.status === "ready") void cache.fetch(path, true);
      }
    },
    set(path, data) {
      const entry = entryOf(path);
      entry.generation++;
      entry.inFlight = null;
      entry.fetchedAt = Date.now();
      setState(entry, { status: "ready", data, refreshing: false });
    },
    clear() {
      for (const [path, entry] of entries) {
        entry.generation++;
        entry.inFlight = null;
        if (entry.listeners.size === 0) {
          entries.delete(path);
          continue;
        }
        setState(entry, loading);
        void cache.fetch(path);
      }
    },
  };
  return cache;
}

export { ApiError };
