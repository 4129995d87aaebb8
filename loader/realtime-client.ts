import type ReconnectingWebSocket from "partysocket/ws";

/** The reconnecting socket class, loaded lazily (loader/socket-chunk.ts: partysocket, restart-aware). */
export type SocketClass = typeof ReconnectingWebSocket;

export interface RealtimeMessage {
  name: string;
  data?: unknown;
}

// Spec §9: ping every 10 s, reconnect 5 s after a close (after a server restart's close, 1012, or a
// connection lost when its server died, the socket class tries sooner: src/shared/service-restart.ts). Plain constants, so the build writes the
// numbers where they are used (the loader's size budget).
const pingMs = 10_000;
const reconnectMs = 5000;

/** The timings above, as one object for whoever reads them. */
export const realtimeTiming = { pingMs, reconnectMs } as const;

/**
 * The widget's socket (partysocket reconnects it). Every server message is JSON; anything else is
 * ignored. The URL is read at each (re)connect, so a new session id is picked up. The socket class
 * comes from `loadSocket` (the loader fetches it lazily); a close before it arrived opens nothing.
 */
export function createRealtimeClient(
  url: () => string,
  onMessage: (message: RealtimeMessage) => void,
  /** The class itself once it is at hand, else a promise of it. */
  loadSocket: () => SocketClass | Promise<SocketClass>,
  report: (message: string, error?: unknown) => void,
) {
  let socket: ReconnectingWebSocket | null = null;
  let pinger: ReturnType<typeof setInterval> | undefined;
  // Bumped by connect and close, so a socket class that arrives after a close opens nothing.
  let attempt = 0;
  const open = (Socket: SocketClass) => {
    socket = new Socket(url, [], {
      minReconnectionDelay: reconnectMs,
      maxReconnectionDelay: reconnectMs,
      reconnectionDelayGrowFactor: 1,
    });
    socket.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.name === "string") onMessage(message);
      } catch {
        // Not ours to understand.
      }
    });
    pinger = setInterval(() => {
      if (socket?.readyState === WebSocket.OPEN) socket.send("PING");
    }, pingMs);
  };
  return {
    connect() {
      if (socket) return;
      const current = ++attempt;
      const Socket = loadSocket();
      if (!(Socket instanceof Promise)) return open(Socket);
      Socket.then(
        (loaded) => {
          if (current === attempt && !socket) open(loaded);
        },
        (error) => report("the realtime socket is unavailable", error),
      );
    },
    /** Reconnects with a fresh URL (a new session id). */
    reconnect() {
      socket?.reconnect();
    },
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    close() {
      attempt++;
      clearInterval(pinger);
      socket?.close();
      socket = null;
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
