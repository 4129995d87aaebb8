/** How many widget sockets may be open at once: per process, or over every process with Redis. */
export interface WidgetSocketCaps {
  /** Per widget session: the loader's socket and the messenger frame's, for a few tabs. */
  perSession: number;
  /** Per client address: a household or an office behind one NAT with several visitors. */
  perIp: number;
}

/**
 * Four tabs with the messenger open use 8 sockets of one session; 60 per address leaves room for a
 * busy office. One IP and one session held 1,199 sockets before these caps.
 */
export const defaultWidgetSocketCaps: WidgetSocketCaps = { perSession: 8, perIp: 60 };

/** `RATE_LIMITS=0` (load tests on loopback open thousands of sockets from one session). */
export const noWidgetSocketCaps: WidgetSocketCaps = {
  perSession: Number.POSITIVE_INFINITY,
  perIp: Number.POSITIVE_INFINITY,
};

export type SocketCapRefusal = "session" | "ip";

/** The open widget sockets of one process, per session and per address (what a heartbeat reports). */
export interface HeldSockets {
  sessions: ReadonlyMap<string, number>;
  ips: ReadonlyMap<string, number>;
}

/**
 * What the upgrade and the close handler use: in this process's memory (one process), or counted
 * across every process in Redis (redis-widget-socket-counts.ts).
 */
export interface WidgetSocketCounts {
  /**
   * Whether the address is at its cap in this process already: checked before the session is even
   * looked up (this process's sockets are a part of all of them, so a full one is full everywhere).
   */
  ipFull(ip: string): boolean;
  /** Takes a slot for a socket about to open; the cap it would break otherwise. */
  reserve(sessionId: string, ip: string): SocketCapRefusal | null | Promise<SocketCapRefusal | null>;
  release(sessionId: string, ip: string): void;
  /** Open sockets of a session and of an address in this process (tests and diagnostics). */
  openOf(sessionId: string, ip: string): { session: number; ip: number };
  /** Stops what runs in the background (the Redis heartbeat); the memory counts need nothing. */
  close(): Promise<void>;
}

/**
 * Counts the open widget sockets per session and per address. A slot is reserved before the upgrade
 * (check and count in one synchronous step, so a burst of upgrades cannot all pass the check) and
 * given back when the socket closes or the upgrade fails. `onEmptied` hears of a session or address
 * whose last socket here closed (`session:` or `ip:` and its id).
 *
 * Past a cap the new socket is refused (429) rather than the oldest closed: the clients reconnect
 * 5 s after a close, so closing the oldest would make the tabs over the cap push each other out
 * every 5 s, while a refusal leaves the open ones alone and the newest retries until a slot frees.
 */
export function createWidgetSocketCounts(
  caps: WidgetSocketCaps,
  { onEmptied }: { onEmptied?: (key: string) => void } = {},
) {
  const bySession = new Map<string, number>();
  const byIp = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
  const decrement = (map: Map<string, number>, key: string, kind: "session" | "ip") => {
    const left = count(map, key) - 1;
    if (left > 0) map.set(key, left);
    else if (map.delete(key)) onEmptied?.(`${kind}:${key}`);
  };
  return {
    ipFull(ip: string): boolean {
      return count(byIp, ip) >= caps.perIp;
    },
    reserve(sessionId: string, ip: string): SocketCapRefusal | null {
      if (count(byIp, ip) >= caps.perIp) return "ip";
      if (count(bySession, sessionId) >= caps.perSession) return "session";
      byIp.set(ip, count(byIp, ip) + 1);
      bySession.set(sessionId, count(bySession, sessionId) + 1);
      return null;
    },
    release(sessionId: string, ip: string): void {
      decrement(byIp, ip, "ip");
      decrement(bySession, sessionId, "session");
    },
    openOf(sessionId: string, ip: string): { session: number; ip: number } {
      return { session: count(bySession, sessionId), ip: count(byIp, ip) };
    },
    held(): HeldSockets {
      return { sessions: bySession, ips: byIp };
    },
    async close() {},
  } satisfies WidgetSocketCounts & { held(): HeldSockets };
}

export type LocalWidgetSocketCounts = ReturnType<typeof createWidgetSocketCounts>;
