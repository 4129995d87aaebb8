import { join } from "node:path";

/** The balancer's configuration as the scaling guide ships it; the cluster runs it with local values. */
export const guideHaproxyConf = join(import.meta.dir, "..", "..", "deploy", "haproxy.cfg");

/** One server process behind the balancer, on loopback. */
export interface BalancedNode {
  mainPort: number;
  messengerPort: number;
}

export interface LocalBalancer {
  /** Where the balancer listens instead of the guide's 127.0.0.1:3000 and :3001 (PORT and MESSENGER_PORT). */
  mainPort: number;
  messengerPort: number;
  statsPort: number;
  /** One per app machine of the guide, in order. */
  nodes: readonly BalancedNode[];
  /** A folder of its own for the admin socket. */
  dir: string;
}

/** The guide's app machines, as its server lines name them. */
const guideMachines = ["10.0.0.11", "10.0.0.12", "10.0.0.13"] as const;

/**
 * The guide's file with the cluster's values: its ports and the three server processes on loopback,
 * and what only a system service can do (a chroot, switching to the `haproxy` account, the syslog
 * socket) left out, since the cluster runs it unprivileged in the foreground. Each example value must
 * be there: a guide that changed them must change this too, rather than the cluster running something
 * else than the guide says.
 */
export function renderHaproxyConf(template: string, balancer: LocalBalancer): string {
  if (balancer.nodes.length !== guideMachines.length)
    throw new Error(
      `deploy/haproxy.cfg balances ${guideMachines.length} machines, not ${balancer.nodes.length}`,
    );
  const replacements: Array<[string, string]> = [
    // haproxy prints its warnings (a server going down, or up) on stderr itself; the log adds only
    // what is worse, instead of a line per request.
    ["    log /dev/log local0\n", "    log stderr format short local0 emerg\n"],
    ["    chroot /var/lib/haproxy\n", ""],
    ["    user haproxy\n", ""],
    ["    group haproxy\n", ""],
    [
      "stats socket /run/haproxy/admin.sock mode 660",
      `stats socket ${join(balancer.dir, "admin.sock")} mode 600`,
    ],
    ["bind 127.0.0.1:3000\n", `bind 127.0.0.1:${balancer.mainPort}\n`],
    ["bind 127.0.0.1:3001\n", `bind 127.0.0.1:${balancer.messengerPort}\n`],
    ["bind 127.0.0.1:8404\n", `bind 127.0.0.1:${balancer.statsPort}\n`],
  ];
  guideMachines.forEach((machine, index) => {
    const node = balancer.nodes[index] as BalancedNode;
    const name = `gleam${index + 1}`;
    replacements.push(
      [`server ${name} ${machine}:3000 check\n`, `server ${name} 127.0.0.1:${node.mainPort} check\n`],
      [
        `server ${name} ${machine}:3001 track gleam_main/${name}\n`,
        `server ${name} 127.0.0.1:${node.messengerPort} track gleam_main/${name}\n`,
      ],
    );
  });
  // Unprivileged, haproxy cannot raise its file limit to what the guide's total asks: without the
  // global one it derives the most connections from the limit it has. The first is the global one.
  const globalLimit = /\n {4}maxconn 20000 [^\n]*\n/;
  if (!globalLimit.test(template))
    throw new Error(
      `deploy/haproxy.cfg no longer contains "maxconn 20000"; update ${import.meta.file} with it`,
    );
  let rendered = template.replace(globalLimit, "\n");
  for (const [example, value] of replacements) {
    if (!rendered.includes(example))
      throw new Error(
        `deploy/haproxy.cfg no longer contains "${example.trim()}"; update ${import.meta.file} with it`,
      );
    rendered = rendered.replaceAll(example, value);
  }
  return rendered;
}

/** The server names the guide gives the three processes, in both backends. */
export const nodeNames = guideMachines.map((_, index) => `gleam${index + 1}`);
