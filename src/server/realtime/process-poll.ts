import type { Fanout } from "./fanout.ts";

/** How a poll of every server process asks and is answered (see `createProcessPoll`). */
export interface ProcessPollOptions<Ask> {
  /** The signal that asks, carrying `{ askId, ...ask }`. */
  askSignal: string;
  /** The signal that answers, carrying `{ askId, [replyField]: ids }`. */
  replySignal: string;
  replyField: string;
  /** The ids this process answers to an ask; null when the ask is malformed (nothing is answered). */
  answerHere: (ask: Ask) => readonly string[] | null;
  timeoutMs: number;
}

const parsed = <T>(payload: string): T | null => {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
};

/**
 * Asks every server process through the fan-out and takes the union of their answers. Each process
 * knows only its own sockets, so the asker signals an ask, every process answers with the ids it
 * holds, and the asker takes the union once as many answers came as processes listen (one in a single
 * process, where signals run at once), or after `timeoutMs` (a process died between the count and the
 * answer) with what it has. With the fan-out down, this process's own answer is all that can be known.
 */
export function createProcessPoll<Ask extends object>(fanout: Fanout, options: ProcessPollOptions<Ask>) {
  const { askSignal, replySignal, replyField, answerHere, timeoutMs } = options;
  const pending = new Map<string, { found: Set<string>; replies: number; arrived: () => void }>();
  const local = (ask: Ask) => new Set(answerHere(ask) ?? []);

  return {
    /** What this process does with a signal of the poll; false for any other signal. */
    handle(name: string, payload: string): boolean {
      if (name === askSignal) {
        const ask = parsed<Ask & { askId: string }>(payload);
        const here = ask && answerHere(ask);
        if (!ask || !here) return true;
        // A lost answer only makes the asker wait for its timeout.
        fanout.signal(replySignal, JSON.stringify({ askId: ask.askId, [replyField]: here })).catch(() => {});
        return true;
      }
      if (name !== replySignal) return false;
      const reply = parsed<{ askId: string } & Record<string, unknown>>(payload);
      const waiting = reply && pending.get(reply.askId);
      if (!reply || !waiting) return true;
      for (const id of reply[replyField] as string[]) waiting.found.add(id);
      waiting.replies += 1;
      waiting.arrived();
      return true;
    },

    /** The union of every process's answer to `ask`. */
    async gather(ask: Ask): Promise<Set<string>> {
      let expected: number;
      try {
        expected = await fanout.processes();
      } catch {
        return local(ask);
      }
      const askId = crypto.randomUUID();
      const found = new Set<string>();
      const { promise, resolve } = Promise.withResolvers<void>();
      const waiting = { found, replies: 0, arrived: () => waiting.replies >= expected && resolve() };
      pending.set(askId, waiting);
      const timer = setTimeout(resolve, timeoutMs);
      try {
        await fanout.signal(askSignal, JSON.stringify({ askId, ...ask }));
        await promise;
      } catch {
        for (const id of local(ask)) found.add(id);
      } finally {
        clearTimeout(timer);
        pending.delete(askId);
      }
      return found;
    },
  };
}
