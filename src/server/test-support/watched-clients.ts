import { createRealtimeClient } from "../../../loader/realtime-client.ts";
import { ReconnectingWebSocket as LoaderSocket } from "../../../loader/socket-chunk.ts";
import { createStaffSocket, openStaffSocket } from "../../admin/realtime/staff-socket.ts";

/**
 * The product's own socket clients, watched: the widget's (the loader's realtime client with the
 * reconnecting socket class it loads) and the admin's staff socket, both with the reconnect rules they
 * ship with, for the tests that restart or kill the server processes they are connected to.
 */

/** What one client's socket went through: its opens, closes and messages, by the test's clock. */
export interface SocketLife {
  opens: number[];
  closes: Array<{ code: number; at: number }>;
  messages: string[];
}

function watch(socket: {
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}): SocketLife {
  const life: SocketLife = { opens: [], closes: [], messages: [] };
  socket.addEventListener("open", () => life.opens.push(performance.now()));
  socket.addEventListener("close", (event) => life.closes.push({ code: event.code, at: performance.now() }));
  socket.addEventListener("message", (event) => life.messages.push(String(event.data)));
  return life;
}

/** One widget socket per visitor (the same visitor may stand several times), as each page opens it. */
export function openWidgetClients(mainUrl: string, visitors: Array<{ gleapId: string; gleapHash: string }>) {
  const clients = visitors.map((visitor) => {
    let life: SocketLife | null = null;
    class WatchedSocket extends LoaderSocket {
      constructor(...args: ConstructorParameters<typeof LoaderSocket>) {
        super(...args);
        life = watch(this);
      }
    }
    const query = new URLSearchParams({
      gleapId: visitor.gleapId,
      gleapHash: visitor.gleapHash,
      apiKey: "demo",
      sdkVersion: "14.6.7",
    });
    const url = `${mainUrl.replace(/^http/, "ws")}/api/widget/ws?${query}`;
    const client = createRealtimeClient(
      () => url,
      () => {},
      () => WatchedSocket,
      (message) => {
        throw new Error(message);
      },
    );
    client.connect();
    return { client, life: () => life as SocketLife };
  });
  return {
    lives: () => clients.map((entry) => entry.life()),
    close: () => {
      for (const { client } of clients) client.close();
    },
  };
}

/** The admin's staff socket, one per tab, signed in with `token`; `reconnects` counts each tab's. */
export function openStaffClients(mainUrl: string, token: string, count: number) {
  const lives: SocketLife[] = [];
  const reconnects: number[] = Array.from({ length: count }, () => 0);
  const unsubscribes = Array.from({ length: count }, (_, tab) =>
    createStaffSocket({
      openSocket: (url) => {
        const socket = openStaffSocket(url);
        lives[tab] = watch(socket);
        return socket;
      },
      token: () => token,
      renewToken: async () => token,
      origin: () => mainUrl,
      now: () => Date.now(),
    }).subscribe(
      () => {},
      () => {
        reconnects[tab] = (reconnects[tab] ?? 0) + 1;
      },
    ),
  );
  return {
    lives: () => lives,
    reconnects,
    close: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}

/**
 * Each socket's first close at or after `since` and its next open: the close code, how long it was
 * away (from its close) and when it was back (from `since`, a kill or a signal).
 */
export function comebacks(lives: SocketLife[], since: number) {
  return lives.map((life) => {
    const close = life.closes.find((entry) => entry.at >= since);
    const open = close && life.opens.find((at) => at >= close.at);
    return {
      closed: close !== undefined,
      code: close?.code ?? null,
      awayMs: open !== undefined && close ? open - close.at : null,
      backAfterMs: open !== undefined ? open - since : null,
    };
  });
}

/** The nearest-rank percentile `p` (0 to 1) of `values`, rounded to a whole number. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length - 1) * p))] ?? Number.NaN);
};
