import type { SQL } from "bun";

/** How long a start waits for another process to let go of a new file before it gives up. */
const switchWithinMs = 5000;
const retryEveryMs = 25;

/**
 * Puts a SQLite file in WAL mode. On a new file, several processes may start at once (a rolling
 * deploy, `migrate` beside a starting server): while one of them holds a lock on the file in its
 * rollback-journal mode, SQLite answers another's switch "database is locked" at once, without the
 * busy handler (the switch needs the file to itself, and waiting with a read lock could deadlock).
 * So the switch is tried again for a few seconds rather than failing the start.
 */
export async function switchToWriteAheadLog(sql: SQL, { withinMs = switchWithinMs } = {}): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    try {
      await sql`PRAGMA journal_mode = WAL`;
      return;
    } catch (error) {
      const locked = /locked|busy/i.test(error instanceof Error ? error.message : String(error));
      if (!locked || performance.now() > deadline) throw error;
      await Bun.sleep(retryEveryMs);
    }
  }
}
