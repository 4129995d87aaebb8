import type { ServerWebSocket, WebSocketHandler } from "bun";
import { serviceRestartCloseCode, serviceRestartReason } from "../shared/service-restart.ts";
import { jsonError } from "./http/json-response.ts";
import type { Logger } from "./logger.ts";

/**
 * A server's stop without losing what it acknowledged (serve.ts on SIGTERM and SIGINT, server.ts's
 * `stop()`):
 *
 *   1. both origins stop listening (the next process may bind the ports at once) and a request that
 *      still arrives on an open connection is answered 503 with `Connection: close`;
 *   2. the requests under way finish, each answered only once its write committed, as always;
 *   3. every widget and staff socket is closed with 1012 "Service Restart", after the pushes of those
 *      last writes went out, and the clients come back within a second or so (service-restart.ts);
 *   4. once every connection closed, or the shutdown timeout passed (then the rest is cut), server.ts
 *      stops the background work (its tries under way given what is left of the timeout), commits the
 *      pings still queued and closes the database last, which folds SQLite's WAL into the file.
 *
 * A request cut by the timeout was never answered: the client sees a connection error, and the database
 * is left as a `kill -9` would leave it (every answered write committed, see ping-writes.ts).
 */

/** A request handler of Bun.serve, for either origin. */
type Handler<A extends unknown[], R> = (request: Request, ...rest: A) => R | Promise<R>;

export interface RequestGate {
  /** The handler, counted while it runs; once the gate is shut, a request is refused with 503. */
  admit<A extends unknown[], R>(handler: Handler<A, R>): Handler<A, R | Response>;
  shut(): void;
  inFlight(): number;
  /** Resolves once no admitted request is running. */
  idle(): Promise<void>;
}

export const restartingMessage = "The server is restarting; try again in a moment";

export function createRequestGate(): RequestGate {
  let running = 0;
  let shut = false;
  let waiters: Array<() => void> = [];
  const finished = () => {
    running--;
    if (running > 0) return;
    const wake = waiters;
    waiters = [];
    for (const resolve of wake) resolve();
  };
  return {
    admit(handler) {
      return async (request, ...rest) => {
        if (shut)
          return jsonError(503, restartingMessage, undefined, {
            headers: { "Retry-After": "1", Connection: "close" },
          });
        running++;
        try {
          return await handler(request, ...rest);
        } finally {
          finished();
        }
      };
    },
    shut() {
      shut = true;
    },
    inFlight: () => running,
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}

export interface OpenSockets<T> {
  /** The handlers, with every socket counted from its open to its close. */
  handlers: WebSocketHandler<T>;
  /** Closes every open socket with 1012, and any that opens from now on; answers how many were open. */
  closeAll(): number;
  count(): number;
}

/** Keeps the open websockets of one server, so a stop can close them with the restart code. */
export function trackSockets<T>(handlers: WebSocketHandler<T>): OpenSockets<T> {
  const open = new Set<ServerWebSocket<T>>();
  let closing = false;
  return {
    handlers: {
      ...handlers,
      open(ws) {
        open.add(ws);
        handlers.open?.(ws);
        // An upgrade answered just before the stop: it opens after the others were closed.
        if (closing) ws.close(serviceRestartCloseCode, serviceRestartReason);
      },
      close(ws, code, reason) {
        open.delete(ws);
        return handlers.close?.(ws, code, reason);
      },
    },
    closeAll() {
      closing = true;
      const count = open.size;
      for (const ws of [...open]) ws.close(serviceRestartCloseCode, serviceRestartReason);
      return count;
    },
    count: () => open.size,
  };
}

/** One listening origin: Bun's server, whose `stop()` stops listening and resolves once its connections closed. */
interface Listener {
  stop(closeActiveConnections?: boolean): Promise<void>;
}

/** The stop's one deadline: the connections' drain and the background work share the timeout. */
export interface ShutdownClock {
  start(): void;
  remainingMs(): number;
  /** `work`, or undefined once the deadline passed first (the work goes on unwaited). */
  bound<T>(work: Promise<T>): Promise<T | undefined>;
}

export function createShutdownClock(
  timeoutMs: number,
  now: () => number = performance.now.bind(performance),
): ShutdownClock {
  let deadline: number | null = null;
  const clock: ShutdownClock = {
    start() {
      deadline ??= now() + timeoutMs;
    },
    remainingMs() {
      clock.start();
      return Math.max(0, (deadline ?? 0) - now());
    },
    async bound(work) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), clock.remainingMs());
      });
      try {
        return await Promise.race([work, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return clock;
}

export interface DrainFigures {
  /** From the stop's start until every connection closed, or the deadline cut them. */
  drainMs: number;
  /** Requests running when the stop began. */
  requestsInFlight: number;
  /** Requests still running at the deadline: their connections were cut. */
  requestsCut: number;
  socketsClosed: number;
  forced: boolean;
}

/** Steps 1 to 3 of the stop (see above) and the wait for the connections, within the clock's deadline. */
export async function drainConnections(parts: {
  listeners: Listener[];
  gate: RequestGate;
  sockets: Pick<OpenSockets<unknown>, "closeAll">;
  clock: ShutdownClock;
}): Promise<DrainFigures> {
  const { listeners, gate, sockets, clock } = parts;
  const started = performance.now();
  clock.start();
  const requestsInFlight = gate.inFlight();
  gate.shut();
  const closed = Promise.all(listeners.map((listener) => listener.stop(false)));
  const settled = await clock.bound(gate.idle().then(() => true));
  const socketsClosed = sockets.closeAll();
  const allClosed = settled && (await clock.bound(closed.then(() => true)));
  const requestsCut = allClosed ? 0 : gate.inFlight();
  if (!allClosed) await Promise.all(listeners.map((listener) => listener.stop(true)));
  return {
    drainMs: Math.round(performance.now() - started),
    requestsInFlight,
    requestsCut,
    socketsClosed,
    forced: !allClosed,
  };
}

/**
 * The running server's `stop()`: the drain, then `cleanup` (server.ts's steps in reverse: the
 * background work, the queued pings, the fan-out, the database last). Calling it again waits for the
 * same stop.
 */
export function gracefulStop(
  drain: Parameters<typeof drainConnections>[0],
  logger: Logger,
  cleanup: () => Promise<void>,
): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const stop = async () => {
    const figures = await drainConnections(drain);
    if (figures.forced)
      logger.warn("shutdown timeout passed: the requests still running were cut", { ...figures });
    else logger.info("connections drained", { ...figures });
    await cleanup();
  };
  return () => {
    stopping ??= stop();
    return stopping;
  };
}
