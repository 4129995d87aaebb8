import { percentile } from "./latency-stats.ts";

/**
 * Timing a message's arrival at many websockets held by the bench process: the pieces of
 * bench/publish-fanout.ts and bench/node-capacity.ts (open sockets a few at a time, send one publish,
 * time each socket's first message naming it).
 */

/** How long a round waits for the last socket before it counts the rest as missing. */
export const roundTimeoutMs = 30_000;

/** This process's open-file limit (each socket is a file descriptor here and in the server). */
export async function openFileLimit(): Promise<number> {
  const limits = await Bun.file("/proc/self/limits").text();
  return Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
}

/** Runs `task` for each item with at most `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await task(item);
      }
    }),
  );
}

/** Bun's client takes headers for the upgrade; the DOM's WebSocket type the project also loads does not. */
type WebSocketWithHeaders = new (url: string, options: { headers: Record<string, string> }) => WebSocket;

/** A websocket to `url`, once open; `headers` go with the upgrade (X-Forwarded-For behind a proxy). */
export function openSocket(url: string, headers?: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolveOpen, reject) => {
    const socket = headers
      ? new (WebSocket as unknown as WebSocketWithHeaders)(url, { headers })
      : new WebSocket(url);
    socket.addEventListener("open", () => resolveOpen(socket), { once: true });
    socket.addEventListener("error", () => reject(new Error(`socket to ${url} refused`)), { once: true });
  });
}

export interface RoundResult {
  p50: number;
  p99: number;
  /** Sockets that got nothing within the round's time limit. */
  missing: number;
  /** When the publish request was answered. */
  answeredMs: number;
}

/**
 * Sends `publish` and times each socket's first message containing `marker`, from just before the
 * request went out.
 */
export async function timeRound(
  sockets: readonly WebSocket[],
  marker: string,
  publish: () => Promise<Response>,
): Promise<RoundResult> {
  const arrivals: number[] = [];
  let sent = 0;
  let finish = () => {};
  const done = new Promise<void>((resolveDone) => {
    finish = resolveDone;
  });
  const timer = setTimeout(() => finish(), roundTimeoutMs);
  for (const socket of sockets) {
    let seen = false;
    socket.onmessage = (event) => {
      if (seen || !String(event.data).includes(marker)) return;
      seen = true;
      arrivals.push(performance.now() - sent);
      if (arrivals.length === sockets.length) finish();
    };
  }
  sent = performance.now();
  const response = await publish();
  const answeredMs = performance.now() - sent;
  if (!response.ok) throw new Error(`publish answered ${response.status}: ${await response.text()}`);
  await done;
  clearTimeout(timer);
  for (const socket of sockets) socket.onmessage = null;
  arrivals.sort((a, b) => a - b);
  return {
    p50: percentile(arrivals, 50),
    p99: percentile(arrivals, 99),
    missing: sockets.length - arrivals.length,
    answeredMs,
  };
}

/** The first line a child process prints (a bare server's port), without waiting for it to exit. */
export async function firstLineOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text.split("\n")[0] ?? "";
}
