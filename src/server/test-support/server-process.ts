import { join } from "node:path";
import { terminateChild } from "./child-termination.ts";

/** The server's entry from its sources (`npm start` runs its bundle), a process of its own per server. */
const entry = join(import.meta.dir, "..", "main.ts");
const readyTimeoutMs = 30_000;

export interface ServerProcess {
  mainUrl: string;
  messengerUrl: string;
  /** What the process printed on stderr so far (warnings, a crash): shown when a test fails. */
  errors(): string;
  /** What it printed on stdout so far (the log lines). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within five seconds. */
  stop(): Promise<void>;
  /** Sends a signal and nothing more (a restart or a crash under test). */
  kill(signal: "SIGTERM" | "SIGINT" | "SIGKILL"): void;
  /** The exit code, once it exited. */
  exited: Promise<number>;
}

/** The two URLs `main.ts` prints once it listens, or null while they are not both there. */
export function printedUrls(stdout: string): { mainUrl: string; messengerUrl: string } | null {
  const main = /Admin dashboard\s+(http\S+?)\/?\s/.exec(stdout);
  const messenger = /Messenger\s+(http\S+?)\/?\s/.exec(stdout);
  return main?.[1] && messenger?.[1] ? { mainUrl: main[1], messengerUrl: messenger[1] } : null;
}

/**
 * Starts `bun src/server/main.ts` with `env` (and PATH) and resolves once it listens, as an operator
 * runs one process of several behind a balancer.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = Bun.spawn([process.execPath, entry], {
    env: { PATH: process.env.PATH ?? "", PASSWORD_HASH_COST: "test", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let stderr = "";
  void (async () => {
    for await (const chunk of child.stderr) stderr += new TextDecoder().decode(chunk);
  })();
  const stop = () => terminateChild(child);
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let stdout = "";
  const deadline = Date.now() + readyTimeoutMs;
  let urls = printedUrls(stdout);
  while (!urls) {
    const timeout = Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null);
    const read = await Promise.race([reader.read(), timeout]);
    if (read === null || read.done) {
      await stop();
      throw new Error(`The server process did not start:\n${stdout}\n${stderr}`);
    }
    stdout += decoder.decode(read.value);
    urls = printedUrls(stdout);
  }
  // Keep draining stdout so a chatty process never blocks on a full pipe.
  void (async () => {
    for (let read = await reader.read(); !read.done; read = await reader.read())
      stdout += decoder.decode(read.value);
  })();
  return {
    ...urls,
    errors: () => stderr,
    output: () => stdout,
    stop,
    kill: (signal) => child.kill(signal),
    exited: child.exited,
  };
}
