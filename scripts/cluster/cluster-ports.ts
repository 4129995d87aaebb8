import { freeLoopbackPorts } from "../../src/server/test-support/free-ports.ts";
/** The loopback ports of a cluster: the balancer's, its stats page's, and each node's two. */
export interface ClusterPorts {
  main: number;
  messenger: number;
  stats: number;
  nodes: Array<{ main: number; messenger: number }>;
}

/** The stats page's port in the guide's haproxy.cfg. */
export const guideStatsPort = 8404;

/**
 * The ports `npm run cluster` uses: the balancer on PORT and MESSENGER_PORT, as `npm start` listens,
 * and node n on both plus 10·n (3010/3011, 3020/3021, 3030/3031 by default), so an operator can reach a
 * node the same way every time.
 */
export function fixedPorts(main: number, messenger: number, nodes = 3): ClusterPorts {
  return {
    main,
    messenger,
    stats: guideStatsPort,
    nodes: Array.from({ length: nodes }, (_, index) => ({
      main: main + 10 * (index + 1),
      messenger: messenger + 10 * (index + 1),
    })),
  };
}

const named = (ports: ClusterPorts): Array<[string, number]> => [
  ["PORT (the balancer's main origin)", ports.main],
  ["MESSENGER_PORT (the balancer's messenger origin)", ports.messenger],
  ["haproxy's stats page", ports.stats],
  ...ports.nodes.flatMap(
    (node, index): Array<[string, number]> => [
      [`gleam${index + 1}'s main origin`, node.main],
      [`gleam${index + 1}'s messenger origin`, node.messenger],
    ],
  ),
];

/** What is wrong with a plan: a port out of range, or one port given two jobs. */
export function portProblems(ports: ClusterPorts): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const [what, port] of named(ports)) {
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      problems.push(`${what} would be port ${port}, outside 1 to 65535`);
    const other = seen.get(port);
    if (other) problems.push(`${what} and ${other} would both be port ${port}`);
    seen.set(port, what);
  }
  return problems;
}

/** The ports of the plan something already listens on, named. */
export function portsInUse(ports: ClusterPorts): string[] {
  return named(ports)
    .filter(([, port]) => {
      try {
        Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } }).stop(true);
        return false;
      } catch {
        return true;
      }
    })
    .map(([what, port]) => `port ${port} (${what}) is in use`);
}

/** Every port free (tests): distinct, picked while the others are still held. */
export function freePorts(nodes = 3): ClusterPorts {
  const [main = 0, messenger = 0, stats = 0, ...rest] = freeLoopbackPorts(3 + 2 * nodes);
  return {
    main,
    messenger,
    stats,
    nodes: Array.from({ length: nodes }, (_, index) => ({
      main: rest[2 * index] ?? 0,
      messenger: rest[2 * index + 1] ?? 0,
    })),
  };
}
