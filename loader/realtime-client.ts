import ReconnectingWebSocket from "partysocket/ws";

export interface RealtimeMessage {
  name: string;
  data?: unknown;
}

/** Spec §9: ping every 10 s, reconnect 5 s after a close. */
export const realtimeTiming = { pingMs: 10_000, reconnectMs: 5000 } as const;

/**
 * The widget's socket (partysocket reconnects it). Every server message is JSON; anything else is
 * ignored. The URL is read at each (re)connect, so a new session id is picked up.
 */
export function createRealtimeClient(url: () => string, onMessage: (message: RealtimeMessage) => void) {
  let socket: ReconnectingWebSocket | null = null;
  let pinger: ReturnType<typeof setInterval> | undefined;
  return {
    connect() {
      if (socket) return;
      socket = new ReconnectingWebSocket(url, [], {
        minReconnectionDelay: realtimeTiming.reconnectMs,
        maxReconnectionDelay: realtimeTiming.reconnectMs,
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
      }, realtimeTiming.pingMs);
    },
    /** Reconnects with a fresh URL (a new session id). */
    reconnect() {
      socket?.reconnect();
    },
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    close() {
      clearInterval(pinger);
      socket?.close();
      socket = null;
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
