import type { Fanout } from "./fanout.ts";

/** The signal that asks every process which of some admins have a staff socket there, and the answer. */
export const presenceAskSignal = "staff-presence";
export const presenceReplySignal = "staff-presence-reply";

interface Ask {
  askId: string;
  userIds: string[];
}
interface Reply {
  askId: string;
  present: string[];
}

const parsed = <T>(payload: string): T | null => {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
};

/**
 * Which admins have an admin screen open anywhere: a staff socket in any server process. Each process
 * knows only its own sockets (staff-socket-watch.ts), so the asker signals through the fan-out, every
 * process answers with the asked admins it holds a socket of, and the asker takes the union once as
 * many answers came as processes listen, or after `timeoutMs` (a process died meanwhile) with what
 * it has; as the widgets' census does (connected-census.ts). The unread digest asks before it mails
 * someone of work given to them: an admin with a screen open got the toast instead.
 */
export function createStaffPresence(
  fanout: Fanout,
  connectedHere: () => readonly string[],
  { timeoutMs = 750 }: { timeoutMs?: number } = {},
) {
  const pending = new Map<string, { present: Set<string>; replies: number; arrived: () => void }>();

  const answer = (ask: Ask): Reply => {
    const here = new Set(connectedHere());
    return { askId: ask.askId, present: ask.userIds.filter((id) => here.has(id)) };
  };

  return {
    /** What this process does with a presence signal; false for any other signal. */
    handle(name: string, payload: string): boolean {
      if (name === presenceAskSignal) {
        const ask = parsed<Ask>(payload);
        if (!ask || !Array.isArray(ask.userIds)) return true;
        // A lost answer only makes the asker wait for its timeout.
        fanout.signal(presenceReplySignal, JSON.stringify(answer(ask))).catch(() => {});
        return true;
      }
      if (name !== presenceReplySignal) return false;
      const reply = parsed<Reply>(payload);
      const waiting = reply && pending.get(reply.askId);
      if (!reply || !waiting) return true;
      for (const id of reply.present) waiting.present.add(id);
      waiting.replies += 1;
      waiting.arrived();
      return true;
    },

    /** The asked admins who have a staff socket open in any process. */
    async present(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const local = () => new Set(answer({ askId: "", userIds: [...userIds] }).present);
      let expected: number;
      try {
        expected = await fanout.processes();
      } catch {
        return local();
      }
      const askId = crypto.randomUUID();
      const present = new Set<string>();
      const { promise, resolve } = Promise.withResolvers<void>();
      const waiting = { present, replies: 0, arrived: () => waiting.replies >= expected && resolve() };
      pending.set(askId, waiting);
      const timer = setTimeout(resolve, timeoutMs);
      try {
        await fanout.signal(
          presenceAskSignal,
          JSON.stringify({ askId, userIds: [...userIds] } satisfies Ask),
        );
        await promise;
      } catch {
        // The fan-out is down: this process's own sockets are all that can be known.
        for (const id of local()) present.add(id);
      } finally {
        clearTimeout(timer);
        pending.delete(askId);
      }
      return present;
    },
  };
}

export type StaffPresence = ReturnType<typeof createStaffPresence>;
