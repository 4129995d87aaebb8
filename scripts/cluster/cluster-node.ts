import { join } from "node:path";
import type { Subprocess } from "bun";
import { terminateChild } from "../../src/server/test-support/child-termination.ts";
import { printedUrls } from "../../src/server/test-support/server-process.ts";
import { isBannerLine } from "./node-output.ts";
import { forEachLine } from "./process-lines.ts";

/** `npm start`'s server entry: each node is one such process. */
const serverEntry = join(import.meta.dir, "..", "..", "src", "server", "main.ts");

/** A first start migrates and seeds the full demo data set; on a loaded machine that takes a while. */
const startTimeoutMs = 90_000;

/** How long a stop lets the server drain (its SHUTDOWN_TIMEOUT_MS is 10 s) before it is killed. */
const stopTimeoutMs = 15_000;

export interface NodeSettings {
  name: string;
  mainPort: number;
  messengerPort: number;
  /** The whole environment of the process. */
  env: Record<string, string>;
  /** Each line it prints once it listens (before that, the lines are kept for a failed start's error). */
  onLine(line: string): void;
  /** It exited without being asked to (a crash, or a kill from outside). */
  onUnexpectedExit(code: number): void;
}

/** One server process of the cluster, on ports of its own; `restart()` brings it back on the same ones. */
export interface ClusterNode {
  name: string;
  mainPort: number;
  messengerPort: number;
  /** Its own origins, bypassing the balancer. */
  mainUrl: string;
  messengerUrl: string;
  /** Sends a signal and nothing more (`SIGKILL`: a crash under test). */
  kill(signal: "SIGTERM" | "SIGINT" | "SIGKILL"): void;
  /** The current process's id (a restart makes a new one). */
  pid(): number;
  /** The current process's exit code, once it exited. */
  exited(): Promise<number>;
  /** Stops the process if it runs, then starts it again; resolves once it listens. */
  restart(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited in time. */
  stop(): Promise<void>;
  /** Everything it printed, over every start. */
  output(): string;
}

/** Starts one node and resolves once it listens. */
export async function startClusterNode(settings: NodeSettings): Promise<ClusterNode> {
  let child: Subprocess<"ignore", "pipe", "pipe"> | null = null;
  let output = "";
  // Set while this side ends the process, so its exit is not reported as unexpected.
  let stopping = false;

  const stopChild = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    stopping = true;
    await terminateChild(current, stopTimeoutMs);
  };

  const start = async () => {
    stopping = false;
    const current = Bun.spawn([process.execPath, serverEntry], {
      env: settings.env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    child = current;
    let ready = false;
    const line = (text: string) => {
      output += `${text}\n`;
      if (!ready) ready = printedUrls(output) !== null;
      else if (!isBannerLine(text)) settings.onLine(text);
    };
    void forEachLine(current.stdout, line);
    void forEachLine(current.stderr, line);
    void current.exited.then((code) => {
      if (ready && !stopping && child === current) settings.onUnexpectedExit(code);
    });
    const deadline = performance.now() + startTimeoutMs;
    while (!ready) {
      if (current.exitCode !== null || current.signalCode !== null || performance.now() > deadline) {
        await stopChild();
        const tail = output.split("\n").slice(-30).join("\n");
        throw new Error(`${settings.name} did not start (exit ${current.exitCode ?? "none"}):\n${tail}`);
      }
      await Bun.sleep(20);
    }
  };

  await start();
  return {
    name: settings.name,
    mainPort: settings.mainPort,
    messengerPort: settings.messengerPort,
    mainUrl: `http://127.0.0.1:${settings.mainPort}`,
    messengerUrl: `http://127.0.0.1:${settings.messengerPort}`,
    kill(signal) {
      stopping = true;
      child?.kill(signal);
    },
    pid: () => child?.pid ?? 0,
    exited: () => child?.exited ?? Promise.resolve(0),
    async restart() {
      await stopChild();
      await child?.exited;
      await start();
    },
    stop: stopChild,
    output: () => output,
  };
}
