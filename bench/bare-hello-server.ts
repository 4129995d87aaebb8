import { join } from "node:path";
import { firstLineOf } from "./socket-fanout-timing.ts";

/**
 * The anchors a bench's ratios are taken to, each a process of its own so it shares no event loop with
 * the bench or the server: a bare `Bun.serve` answering "hello" to every request, and
 * bench/bare-pubsub-server.ts (one topic, `POST /publish`).
 */
export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

async function startPrintingPort(args: string[], what: string): Promise<BareServer> {
  const child = Bun.spawn([process.execPath, ...args], { stdout: "pipe", stderr: "inherit" });
  const port = Number(await firstLineOf(child.stdout));
  if (!Number.isInteger(port) || port <= 0) {
    child.kill();
    throw new Error(`${what} did not start`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}

export const startBareHello = () =>
  startPrintingPort(
    [
      "-e",
      `const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("hello") }); console.log(server.port);`,
    ],
    "the bare Bun.serve",
  );

/** A bare `Bun.serve` answering POSTs as a ping's answer comes back (bench/bare-json-post-server.ts). */
export const startBareJsonPost = () =>
  startPrintingPort([join(import.meta.dir, "bare-json-post-server.ts")], "the bare JSON POST server");

export const startBarePubSub = () =>
  startPrintingPort([join(import.meta.dir, "bare-pubsub-server.ts")], "the bare pub/sub server");
