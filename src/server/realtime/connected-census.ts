import type { ConnectedWidgets } from "./connected-widgets.ts";
import type { Fanout } from "./fanout.ts";

/** The signal that asks every process for its connected sessions of a project, and the answer. */
export const censusAskSignal = "connected-census";
export const censusReplySignal = "connected-census-reply";

interface Ask {
  askId: string;
  projectId: string;
}
interface Reply {
  askId: string;
  sessionIds: string[];
}

const parsed = <T>(payload: string): T | null => {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
};

/**
 * The widget sessions with an open socket in any server process. Each process knows only its own
 * sockets (connected-widgets.ts), so the asking process sends a signal through the fan-out, every
 * process answers with its sessions of the project, and the asker takes the union once as many
 * answers came as processes listen (one in a single process, where signals run at once), or when
 * `timeoutMs` passed (a process died between the count and the answer): then it answers what it has.
 */
export function createConnectedCensus(
  fanout: Fanout,
  connected: ConnectedWidgets,
  { timeoutMs = 750 }: { timeoutMs?: number } = {},
) {
  const pending = new Map<string, { sessions: Set<string>; replies: number; arrived: () => void }>();

  return {
    /** What this process does with a census signal; false for any other signal. */
    handle(name: string, payload: string): boolean {
      if (name === censusAskSignal) {
        const ask = parsed<Ask>(payload);
        if (!ask) return true;
        const reply: Reply = { askId: ask.askId, sessionIds: connected.sessionsOf(ask.projectId) };
        // A lost answer only makes the asker wait for its timeout.
        fanout.signal(censusReplySignal, JSON.stringify(reply)).catch(() => {});
        return true;
      }
      if (name !== censusReplySignal) return false;
      const reply = parsed<Reply>(payload);
      const waiting = reply && pending.get(reply.askId);
      if (!reply || !waiting) return true;
      for (const id of reply.sessionIds) waiting.sessions.add(id);
      waiting.replies += 1;
      waiting.arrived();
      return true;
    },

    async sessionsOf(projectId: string): Promise<string[]> {
      let expected: number;
      try {
        expected = await fanout.processes();
      } catch {
        return connected.sessionsOf(projectId);
      }
      const askId = crypto.randomUUID();
      const sessions = new Set<string>();
      const { promise, resolve } = Promise.withResolvers<void>();
      const waiting = { sessions, replies: 0, arrived: () => waiting.replies >= expected && resolve() };
      pending.set(askId, waiting);
      const timer = setTimeout(resolve, timeoutMs);
      try {
        await fanout.signal(censusAskSignal, JSON.stringify({ askId, projectId } satisfies Ask));
        await promise;
      } catch {
        // The fan-out is down: this process's own sockets are all that can be known.
        for (const id of connected.sessionsOf(projectId)) sessions.add(id);
      } finally {
        clearTimeout(timer);
        pending.delete(askId);
      }
      return [...sessions];
    },
  };
}

export type ConnectedCensus = ReturnType<typeof createConnectedCensus>;
