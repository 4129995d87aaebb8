import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { terminateChild } from "../../src/server/test-support/child-termination.ts";
import { acceptsConnections } from "../../src/server/test-support/tcp-port.ts";
import { type LocalBalancer, renderHaproxyConf } from "./haproxy-config.ts";
import { forEachLine } from "./process-lines.ts";

/** Debian's haproxy, as the scaling guide installs it. */
export const haproxyBinary = "/usr/sbin/haproxy";

/** One server of a backend as the stats page reports it. */
export interface BackendServer {
  backend: string;
  server: string;
  /** `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming up), `MAINT`, `no check`. */
  status: string;
  /** Connections it was given since the balancer started. */
  sessions: number;
}

export interface HaproxyProcess {
  /** Every server of every backend, from the stats page's CSV. */
  servers(): Promise<BackendServer[]>;
  stop(): Promise<void>;
}

/** The CSV of haproxy's stats page: `# pxname,svname,…` then one row per frontend, server and backend. */
export function parseStatsCsv(csv: string): BackendServer[] {
  const [header = "", ...rows] = csv.trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(","))
    .filter((cells) => cells[at("svname")] !== "FRONTEND" && cells[at("svname")] !== "BACKEND")
    .map((cells) => ({
      backend: cells[at("pxname")] ?? "",
      server: cells[at("svname")] ?? "",
      status: cells[at("status")] ?? "",
      sessions: Number(cells[at("stot")] ?? 0),
    }));
}

/** As root, haproxy runs as `nobody` (setpriv): the balancer needs no privilege but its ports. */
function asUnprivileged(command: string[]): string[] {
  if (process.getuid?.() !== 0) return command;
  return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...command];
}

/**
 * Renders the guide's file into `balancer.dir`, has haproxy check it, and runs it in the foreground
 * until `stop()`. Its log lines (servers going down and up) go to `onLine`.
 */
export async function startHaproxy(
  template: string,
  balancer: LocalBalancer,
  onLine: (line: string) => void,
): Promise<HaproxyProcess> {
  if (!existsSync(haproxyBinary))
    throw new Error(`${haproxyBinary} is missing: run \`sudo apt-get install -y haproxy\``);
  await mkdir(balancer.dir, { recursive: true });
  const configFile = join(balancer.dir, "haproxy.cfg");
  await Bun.write(configFile, renderHaproxyConf(template, balancer));
  await chmod(balancer.dir, 0o755);
  if (process.getuid?.() === 0) {
    // The admin socket is made in the folder by the unprivileged process.
    const chown = Bun.spawnSync(["chown", "65534:65534", balancer.dir]);
    if (chown.exitCode !== 0) throw new Error(`chown of ${balancer.dir} failed: ${chown.stderr.toString()}`);
  }
  const command = [haproxyBinary, "-f", configFile];
  const check = Bun.spawnSync(asUnprivileged([...command, "-c"]), { stderr: "pipe", stdout: "pipe" });
  if (check.exitCode !== 0)
    throw new Error(
      `haproxy -c refused the configuration:\n${check.stdout.toString()}${check.stderr.toString()}`,
    );
  // -db: stay in the foreground, so the cluster holds the process and its output.
  const child = Bun.spawn(asUnprivileged([...command, "-db"]), { stdout: "pipe", stderr: "pipe" });
  let output = "";
  const collect = (line: string) => {
    output += `${line}\n`;
    onLine(line);
  };
  void forEachLine(child.stdout, collect);
  void forEachLine(child.stderr, collect);
  const stop = () => terminateChild(child);
  const started = performance.now();
  while (!(await acceptsConnections(balancer.mainPort))) {
    if (child.exitCode !== null || performance.now() - started > 10_000) {
      await stop();
      throw new Error(`haproxy did not start:\n${output}`);
    }
    await Bun.sleep(10);
  }
  return {
    async servers() {
      const response = await fetch(`http://127.0.0.1:${balancer.statsPort}/;csv`);
      if (!response.ok) throw new Error(`haproxy's stats page answered ${response.status}`);
      return parseStatsCsv(await response.text());
    },
    stop,
  };
}
