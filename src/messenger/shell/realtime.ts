import type { VisitorAssignee } from "../../shared/assignment-api.ts";
import type { ConversationMessage, ConversationStatus } from "../../shared/conversations-api.ts";
import type { ApiSession } from "./api-client.ts";

/**
 * The frame's own websocket to the widget API (`{apiUrl}/ws`, as the loader opens its own): the
 * server pushes conversation events to every socket of the session. Screens listen with
 * `subscribe(name, callback)`; the answer unsubscribes:
 *
 * ```ts
 * useEffect(() => realtime.subscribe("conversation-message", ({ shareToken, message }) => …), []);
 * ```
 *
 * partysocket reconnects (5 s after a close, as the loader; sooner after a server restart's 1012 or a
 * connection lost when its server died: src/shared/restart-aware-socket.ts) and is loaded after the first screen, so it costs the first
 * screen nothing. The socket says `PING` every 10 s (spec §9).
 */
export interface RealtimePushes {
  "conversation-message": { shareToken: string; message: ConversationMessage; unread: number };
  "conversation-typing": { shareToken: string; typing: boolean; name: string | null };
  "conversation-status": { shareToken: string; status: ConversationStatus };
  /** Who on the team answers the conversation now; null: nobody yet. */
  "conversation-assignee": { shareToken: string; assignee: VisitorAssignee | null };
  /** Outbound actions (`a`, the host acts on them) and the unread count (`u`). */
  update: { a?: unknown[]; u?: number };
  checklist: Record<string, unknown>;
}
export type PushName = keyof RealtimePushes;

export interface Realtime {
  subscribe<N extends PushName>(name: N, callback: (data: RealtimePushes[N]) => void): () => void;
}

export interface RealtimeConnection extends Realtime {
  /** Opens the socket for this session, or moves it to a new one; null closes it. */
  connect(session: ApiSession | null): void;
  /** Delivers a push as if the socket had (tests, and the shell's own fan-out). */
  deliver(name: string, data: unknown): void;
  close(): void;
}

/** Spec §9: ping every 10 s, reconnect 5 s after a close; the SDK version the server is told. */
export const realtimeTiming = { pingMs: 10_000, reconnectMs: 5000 } as const;
export const sdkVersion = "14.6.7";

/** `ws(s)://…/ws?gleapId&gleapHash&apiKey&sdkVersion` for a session. */
export function socketUrl(session: ApiSession): string {
  const url = new URL(`${session.apiUrl.replace(/\/+$/, "")}/ws`);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("gleapId", session.gleapId ?? "");
  url.searchParams.set("gleapHash", session.gleapHash ?? "");
  url.searchParams.set("apiKey", session.sdkKey);
  url.searchParams.set("sdkVersion", sdkVersion);
  return url.toString();
}

interface Socket {
  readyState: number;
  send(data: string): void;
  close(): void;
  reconnect(): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

export function createRealtime(
  openSocket: (url: () => string) => Promise<Socket> = async (url) => {
    const { RestartAwareSocket } = await import("../../shared/restart-aware-socket.ts");
    return new RestartAwareSocket(url, [], {
      minReconnectionDelay: realtimeTiming.reconnectMs,
      maxReconnectionDelay: realtimeTiming.reconnectMs,
      reconnectionDelayGrowFactor: 1,
    }) as unknown as Socket;
  },
): RealtimeConnection {
  const listeners = new Map<string, Set<(data: never) => void>>();
  let session: ApiSession | null = null;
  let socket: Socket | null = null;
  let opening = false;
  let pinger: ReturnType<typeof setInterval> | undefined;

  const deliver = (name: string, data: unknown) => {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        (listener as (data: unknown) => void)(data);
      } catch (error) {
        console.error("messenger: a realtime listener failed", error);
      }
    }
  };

  async function open() {
    if (socket || opening || !session) return;
    opening = true;
    try {
      const next = await openSocket(() => (session ? socketUrl(session) : ""));
      if (!session) {
        next.close();
        return;
      }
      socket = next;
      next.addEventListener("message", (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { name?: unknown; data?: unknown };
          if (message && typeof message.name === "string") deliver(message.name, message.data);
        } catch {
          // Not JSON: not ours to understand.
        }
      });
      pinger = setInterval(() => {
        if (socket?.readyState === 1) socket.send("PING");
      }, realtimeTiming.pingMs);
    } catch (error) {
      console.warn("messenger: the realtime socket could not start", error);
    } finally {
      opening = false;
    }
  }

  const close = () => {
    clearInterval(pinger);
    socket?.close();
    socket = null;
  };

  return {
    subscribe(name, callback) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      const listener = callback as (data: never) => void;
      set.add(listener);
      return () => set.delete(listener);
    },
    deliver,
    connect(next) {
      const changed =
        next?.gleapId !== session?.gleapId ||
        next?.apiUrl !== session?.apiUrl ||
        next?.sdkKey !== session?.sdkKey;
      session = next;
      if (!next) {
        close();
        return;
      }
      if (!socket) void open();
      else if (changed) socket.reconnect();
    },
    close,
  };
}
