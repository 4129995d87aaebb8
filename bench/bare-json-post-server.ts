import { plainJsonHeaders } from "../src/server/http/json-response.ts";

/**
 * A second anchor of `bench/widget-api.ts --json-anchor`, run as a process of its own: a `Bun.serve`
 * that answers every POST as a ping's answer comes back (read the body, parse it, answer a small JSON
 * with the headers a plain answer and CORS give it, the caller's address looked up) and does nothing
 * else. Sent the same ping traffic, it tells how much of a ping's cost is the runtime's HTTP work for
 * such a request, which no change to the server's own code can take away. Prints its port on stdout.
 */
// The server's plain JSON answer's headers, and the two the widget API's CORS adds.
const headers = {
  ...plainJsonHeaders,
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After",
};

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request, server) {
    server.requestIP(request);
    const body = JSON.parse(await request.text()) as { events?: unknown[] };
    const answer = JSON.stringify({ ok: true, stored: body.events?.length ?? 0 });
    return new Response(answer, { headers: { ...headers, "X-Request-Id": crypto.randomUUID() } });
  },
});

console.log(String(server.port));
