import type { ConnectedWidgets } from "./connected-widgets.ts";
import type { Fanout } from "./fanout.ts";
import { createProcessPoll } from "./process-poll.ts";

/** The signal that asks every process for its connected sessions of a project, and the answer. */
export const censusAskSignal = "connected-census";
export const censusReplySignal = "connected-census-reply";

/**
 * The widget sessions with an open socket in any server process. Each process knows only its own
 * sockets (connected-widgets.ts), so the asking process polls them all (process-poll.ts): every
 * process answers with its sessions of the project.
 */
export function createConnectedCensus(
  fanout: Fanout,
  connected: ConnectedWidgets,
  { timeoutMs = 750 }: { timeoutMs?: number } = {},
) {
  const poll = createProcessPoll<{ projectId: string }>(fanout, {
    askSignal: censusAskSignal,
    replySignal: censusReplySignal,
    replyField: "sessionIds",
    answerHere: (ask) => connected.sessionsOf(ask.projectId),
    timeoutMs,
  });

  return {
    /** What this process does with a census signal; false for any other signal. */
    handle: poll.handle,

    async sessionsOf(projectId: string): Promise<string[]> {
      return [...(await poll.gather({ projectId }))];
    },
  };
}

export type ConnectedCensus = ReturnType<typeof createConnectedCensus>;
