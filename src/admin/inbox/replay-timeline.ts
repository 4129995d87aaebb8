/**
 * The console and network logs in step with the web replay: each entry's place on the replay's
 * timeline (milliseconds from its first event), and which entry the player has reached.
 */

/** An entry's offset from the replay's start, or null when it has no time or lies outside the replay. */
export function replayOffset(time: number | null, start: number, duration: number): number | null {
  if (time === null) return null;
  const offset = time - start;
  // A little slack: the logs and the recorder read the clock at slightly different moments.
  return offset >= -1000 && offset <= duration + 1000 ? Math.max(0, offset) : null;
}

/**
 * The entry the player is at: the last one whose offset is not after `current`. `offsets` are in the
 * log's order (which is time order); entries without an offset are skipped. -1 before the first.
 */
export function reachedEntry(offsets: ReadonlyArray<number | null>, current: number): number {
  let reached = -1;
  offsets.forEach((offset, index) => {
    if (offset !== null && offset <= current) reached = index;
  });
  return reached;
}

/** `m:ss` of a replay offset (the player's clock and each entry's place). */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** `14:03:07` in local time, for a log entry outside any replay; "" for an unreadable date. */
export function timeOfDay(date: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return "";
  return [value.getHours(), value.getMinutes(), value.getSeconds()]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
}
