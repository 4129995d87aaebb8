/**
 * What a stopping server tells its websockets, and how soon the clients come back.
 *
 * On SIGTERM the server stops listening, lets the requests under way finish, then closes every widget
 * and staff socket with 1012, RFC 6455's "Service Restart" (src/server/graceful-shutdown.ts). The next
 * process, or another one behind the balancer, is usually listening within a second or two, so the
 * clients (restart-aware-socket.ts) try again after these delays instead of their usual ones (the
 * widget's 5 s); each delay is spread over half to one and a half times itself, so a server's visitors
 * do not all come back in one instant. When every quick try failed, the usual delay and its backoff
 * take over. The same delays follow a connection lost without a close (1006: the server's process or
 * machine died), since behind a balancer the other servers take the socket at once.
 */
export const serviceRestartCloseCode = 1012;
export const serviceRestartReason = "Service Restart";

export const restartRetryDelaysMs: readonly number[] = [250, 500, 1000, 2000];

/**
 * How long a connection must have stayed open for its loss to start the quick tries from the first
 * delay; one lost sooner goes on with the next, so a server that accepts and drops at once is tried
 * every few seconds, not four times a second.
 */
export const steadyConnectionMs = 5000;

/** One quick try's delay: `base` spread by `random()` (0 to 1) over half to one and a half times it. */
export function spreadDelay(base: number, random: () => number = Math.random): number {
  return Math.round(base * (0.5 + random()));
}
