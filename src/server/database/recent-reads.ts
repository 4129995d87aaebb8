import { LRUCache } from "lru-cache";

export interface RecentReadsOptions {
  keptMs: number;
  maxKeys: number;
  now: () => number;
}

/**
 * What a read answered, per key, used again for `keptMs` instead of reading again: for the ping's
 * reads of rows that change far less often than a busy site reads them (a session's row, what a
 * session saw of the live content). Whoever writes those rows forgets their keys; the time bound
 * limits how long a change that did not say so is missed. Past `maxKeys` the key least recently
 * read or kept goes.
 */
export class RecentReads<Value> {
  private readonly kept: LRUCache<string, { value: Value; at: number }>;

  constructor(private readonly options: RecentReadsOptions) {
    this.kept = new LRUCache({ max: options.maxKeys });
  }

  /** The values kept of `keys`, and the keys to read. */
  split(keys: readonly string[]): { kept: Map<string, Value>; missing: string[] } {
    const kept = new Map<string, Value>();
    const missing: string[] = [];
    const freshSince = this.options.now() - this.options.keptMs;
    for (const key of keys) {
      const entry = this.kept.get(key);
      if (entry && entry.at >= freshSince) kept.set(key, entry.value);
      else missing.push(key);
    }
    return { kept, missing };
  }

  keep(key: string, value: Value): void {
    this.kept.set(key, { value, at: this.options.now() });
  }

  forget(keys: Iterable<string>): void {
    for (const key of keys) this.kept.delete(key);
  }

  clear(): void {
    this.kept.clear();
  }
}
