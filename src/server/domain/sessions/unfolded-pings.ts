import type { LoggedPing, UnfoldedSession } from "./logged-pings.ts";

export interface Unfolded extends UnfoldedSession {
  /** When its first ping came in (or its last fold failed). */
  since: number;
  /** Folds of it that failed in a row, and the count of folds when the first did. */
  failures?: number;
  failedAtFold?: number;
}

/** The unfolded pings by session, in the order their sessions came in (the first ping of each). */
export class UnfoldedPings {
  count = 0;
  /**
   * The sessions in the order they came in, read from `head`. Not the map's own order: JavaScriptCore
   * keeps a removed key's slot until the map grows, and a walk from its first key stepped over every
   * session folded since (15 µs a walk at 20,000). An arrival whose session was removed, or came in
   * again, is skipped, and dropped once the head passes it.
   */
  private arrivals: Array<{ id: string; entry: Unfolded }> = [];
  private head = 0;
  /**
   * Whether the sessions' first seqs rise in the map's order, as they do while pings come in (seqs only
   * grow): then the first session not being folded holds the lowest. A failed fold puts a session's
   * older pings back at the end; the order comes back once the map is empty.
   */
  private ordered = true;
  private lastFirstSeq = Number.NEGATIVE_INFINITY;

  /** `sessions`: the map to keep them in (a test counts its reads). */
  constructor(readonly sessions = new Map<string, Unfolded>()) {}

  take(pings: readonly LoggedPing[], since: number): void {
    for (const ping of pings) {
      const entry = this.sessions.get(ping.sessionId);
      if (entry) {
        entry.pings.push(ping);
        // Pings another writer left, taken in after this log's own: a session's pings stay in seq order.
        if ((entry.pings.at(-2) as LoggedPing).seq > ping.seq) {
          entry.pings.sort((a, b) => a.seq - b.seq);
          this.ordered = false;
        }
      } else {
        if (ping.seq < this.lastFirstSeq) this.ordered = false;
        this.lastFirstSeq = ping.seq;
        const added = { pings: [ping], since };
        this.sessions.set(ping.sessionId, added);
        this.arrivals.push({ id: ping.sessionId, entry: added });
      }
    }
    this.count += pings.length;
    this.compact();
  }

  /** The session that came in first of those still here. */
  first(): Unfolded | undefined {
    for (; this.head < this.arrivals.length; this.head++) {
      const arrival = this.arrivals[this.head] as { id: string; entry: Unfolded };
      if (this.sessions.get(arrival.id) === arrival.entry) return arrival.entry;
    }
    return undefined;
  }

  /**
   * The sessions still here, in the order they came in. The head is moved past removed arrivals first:
   * without that, each fold's look for the lowest seq walked over every arrival removed since the head
   * last moved: 2,000 a fold at 50,000 sessions.
   */
  private *inOrder(): Generator<[string, Unfolded]> {
    this.first();
    for (let index = this.head; index < this.arrivals.length; index++) {
      const { id, entry } = this.arrivals[index] as { id: string; entry: Unfolded };
      if (this.sessions.get(id) === entry) yield [id, entry];
    }
  }

  /** Drops the arrivals the head passed, and those of removed sessions once they are most of the list. */
  private compact(): void {
    if (this.arrivals.length < 2 * this.sessions.size + 1024) return;
    this.arrivals = this.arrivals.slice(this.head).filter(({ id, entry }) => this.sessions.get(id) === entry);
    this.head = 0;
  }

  /** Takes the session out (folded, or dropped); answers how many pings it had. */
  remove(id: string): number {
    const pings = this.sessions.get(id)?.pings.length ?? 0;
    this.sessions.delete(id);
    this.count -= pings;
    if (this.sessions.size === 0) {
      this.ordered = true;
      this.lastFirstSeq = Number.NEGATIVE_INFINITY;
      this.arrivals = [];
      this.head = 0;
    }
    return pings;
  }

  /** The first seq not folded once the sessions `folding` are, or `after` when there is none. */
  lowestSeqBut(folding: ReadonlySet<string>, after: number): number {
    let lowest = after;
    for (const [id, entry] of this.inOrder()) {
      if (folding.has(id)) continue;
      lowest = Math.min(lowest, (entry.pings[0] as LoggedPing).seq);
      // A fold ran on every ping of a site's sessions to find this: in order, the first one is it.
      if (this.ordered) return lowest;
    }
    return lowest;
  }

  /** The sessions whose first ping came in by `due`, in the order they came in: a sweep. */
  sweepDue(due: number): string[] {
    const ids: string[] = [];
    for (const [id, entry] of this.inOrder()) {
      if (entry.since > due) break;
      ids.push(id);
    }
    return ids;
  }
}
