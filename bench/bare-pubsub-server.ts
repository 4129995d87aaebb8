/**
 * The bare baseline of `bench/publish-fanout.ts`, run as a process of its own: a `Bun.serve` whose
 * websockets all join one topic, and `POST /publish` that publishes its body to that topic with one
 * `server.publish` and answers. Nothing else: what the runtime's pub/sub costs from a request to the
 * sockets. Prints its port on stdout.
 */
const topic = "all";

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request, server) {
    const url = new URL(request.url);
    if (url.pathname === "/ws" && server.upgrade(request)) return undefined;
    if (url.pathname === "/publish" && request.method === "POST") {
      server.publish(topic, await request.text());
      return new Response(null, { status: 204 });
    }
    return new Response("not found", { status: 404 });
  },
  websocket: {
    open(ws) {
      ws.subscribe(topic);
    },
    message() {},
  },
});

console.log(String(server.port));
