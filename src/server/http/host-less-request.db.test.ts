import { describe, expect, test } from "bun:test";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer } from "../test-support/test-server.ts";

/**
 * A request without a Host header, as HTTP/1.0 allows and health checkers send by default (haproxy's
 * bare `option httpchk`): a 400 naming what is missing, on both origins, instead of a route failing on
 * the relative URL Bun hands over.
 */
const server = startedBeforeAll(() => startTestServer());

/** Sends `request` as it is over a new connection and answers what came back. */
async function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  let answer = "";
  const { promise: closed, resolve } = Promise.withResolvers<void>();
  const socket = await Bun.connect({
    hostname: hostname === "localhost" ? "127.0.0.1" : hostname,
    port: Number(port),
    socket: {
      data(_socket, chunk) {
        answer += chunk.toString();
      },
      close: () => resolve(),
    },
  });
  socket.write(request);
  await Promise.race([closed, Bun.sleep(2000)]);
  socket.end();
  return answer;
}

describe("an HTTP/1.0 request without Host", () => {
  for (const origin of ["main", "messenger"] as const) {
    test(`${origin} origin: 400 with the reason; with a Host, the same path is served`, async () => {
      const url = origin === "main" ? server.mainUrl : server.messengerUrl;
      const path = origin === "main" ? "/readyz" : "/";
      const hostless = await raw(url, `GET ${path} HTTP/1.0\r\n\r\n`);
      expect(hostless).toStartWith("HTTP/1.1 400");
      expect(hostless).toContain('{"error":"A Host header is required"}');
      const hosted = await raw(url, `GET ${path} HTTP/1.0\r\nHost: localhost\r\n\r\n`);
      expect(hosted).toStartWith("HTTP/1.1 200");
    });
  }
});
