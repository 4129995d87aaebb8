import type { Database } from "bun:sqlite";

/**
 * A short pause of the busiest writes on an SQLite connection, for the WAL to start over
 * (sqlite-wal-checkpointer.ts). SQLite restarts its log only when a checkpoint has copied every frame
 * into the database; under a steady stream of commits a checkpoint running beside them never gets
 * there, and a checkpoint that waits for the writer lock would block the request thread (Bun.SQL's
 * SQLite calls are synchronous). So the writer that makes that stream (the ping log's folds) asks
 * here before each write, and waits a few milliseconds while the checkpointing thread copies
 * the last frames; the event loop goes on answering everything else meanwhile.
 */

interface Pause {
  over: Promise<void>;
  end(): void;
}

const pauses = new WeakMap<Database, Pause>();

/** Pauses the writes that ask `writesPaused` on this connection until the returned function is called. */
export function pauseWrites(connection: Database): () => void {
  const current = pauses.get(connection);
  if (current) return current.end;
  let end: () => void = () => undefined;
  const over = new Promise<void>((resolve) => {
    end = () => {
      if (pauses.get(connection)?.over === over) pauses.delete(connection);
      resolve();
    };
  });
  const pause = { over, end };
  pauses.set(connection, pause);
  return pause.end;
}

/** Resolves when the pause on this connection is over; null when none is on (write now). */
export function writesPaused(connection: Database): Promise<void> | null {
  return pauses.get(connection)?.over ?? null;
}

/**
 * Waits until a synchronous write may start on the connection: no pause on, and no transaction that
 * Bun.SQL holds open (a plain query of its would run inside ours).
 */
export async function writeTurn(connection: Database): Promise<void> {
  for (;;) {
    const paused = writesPaused(connection);
    if (paused) await paused;
    else if (connection.inTransaction) await Bun.sleep(1);
    else return;
  }
}

/**
 * Waits until Bun.SQL holds no transaction open on the connection: a read of ours would see inside it
 * (what it may still roll back). Reads need not wait for a pause.
 */
export async function outsideTransaction(connection: Database): Promise<void> {
  while (connection.inTransaction) await Bun.sleep(1);
}
