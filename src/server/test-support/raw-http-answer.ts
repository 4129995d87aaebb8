import type { Socket } from "node:net";

/** An HTTP answer as read off a raw socket: its status, its headers (names lower-cased) and body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads one HTTP answer off a socket; resolves as soon as its declared body is complete. */
export function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = received.slice(0, end).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers["content-length"] ?? "0");
      if (received.length < end + 4 + length) return;
      resolve({
        status: Number(head[0]?.slice(9, 12)),
        headers,
        body: received.slice(end + 4, end + 4 + length),
      });
    });
  });
}
