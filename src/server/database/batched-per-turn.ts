/**
 * Reads asked for in one turn of the microtask queue, answered by one read of them all. The pings of a
 * committed group resume one after another in the same turn and reach the same read in step, so the
 * first one's read waits behind the others' and they all join it; on SQLite one statement then answers
 * a group where a statement each paid its own read transaction (in WAL mode about half of a small
 * read's cost). A key asked for after the read ran starts the next one: nothing is kept across turns.
 */
export function batchedPerTurn<K, V>(
  readAll: (keys: readonly K[]) => ReadonlyMap<K, V> | Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  let batch: { keys: Set<K>; answer: Promise<ReadonlyMap<K, V>> } | null = null;
  return (key) => {
    if (batch === null) {
      const keys = new Set<K>();
      const answer = Promise.resolve().then(() => {
        // Closed before the read: a key asked for from here on goes to the next batch.
        batch = null;
        return readAll([...keys]);
      });
      batch = { keys, answer };
    }
    batch.keys.add(key);
    return batch.answer.then((values) => values.get(key));
  };
}
