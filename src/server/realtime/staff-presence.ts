import type { Fanout } from "./fanout.ts";
import { createProcessPoll } from "./process-poll.ts";

/** The signal that asks every process which of some admins have a staff socket there, and the answer. */
export const presenceAskSignal = "staff-presence";
export const presenceReplySignal = "staff-presence-reply";

/**
 * Which admins have an admin screen open anywhere: a staff socket in any server process. Each process
 * knows only its own sockets (staff-socket-watch.ts), so the asker polls them all (process-poll.ts):
 * every process answers with the asked admins it holds a socket of, as the widgets' census does
 * (connected-census.ts). The unread digest asks before it mails someone of work given to them: an
 * admin with a screen open got the toast instead.
 */
export function createStaffPresence(
  fanout: Fanout,
  connectedHere: () => readonly string[],
  { timeoutMs = 750 }: { timeoutMs?: number } = {},
) {
  const poll = createProcessPoll<{ userIds: string[] }>(fanout, {
    askSignal: presenceAskSignal,
    replySignal: presenceReplySignal,
    replyField: "present",
    answerHere: (ask) => {
      if (!Array.isArray(ask.userIds)) return null;
      const here = new Set(connectedHere());
      return ask.userIds.filter((id) => here.has(id));
    },
    timeoutMs,
  });

  return {
    /** What this process does with a presence signal; false for any other signal. */
    handle: poll.handle,

    /** The asked admins who have a staff socket open in any process. */
    async present(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      return poll.gather({ userIds: [...userIds] });
    },
  };
}

export type StaffPresence = ReturnType<typeof createStaffPresence>;
