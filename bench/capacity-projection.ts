/**
 * From what one node, PostgreSQL and Redis were measured to do (bench/node-capacity.ts) to the size of
 * a cluster for a number of concurrently connected visitors: a projection, not a measurement. Every
 * step is plain arithmetic on the figures and the stated traffic and rules, so docs/scaling.md can show
 * it by hand; nothing here reads a clock or a machine.
 */

/** One node (one server process) as measured. */
export interface NodeFigures {
  /** Pings answered per second at saturation (many sessions, many pages). */
  pingsPerSecond: number;
  /** Realistic reports (snapshot, logs, some with a picture or a replay) answered per second at saturation. */
  reportsPerSecond: number;
  /** Open widget sockets per GB of the node's resident memory. */
  socketsPerGb: number;
  /** Resident memory of the node with no socket open, after its start and a first load, in MB. */
  baseRssMb: number;
  /**
   * p99 from a staff publish to its arrival at the last of the node's sockets: a fixed part (the
   * request, its writes, the signal through Redis) plus a part per 1,000 sockets held.
   */
  publishFixedMs: number;
  publishP99MsPer1000: number;
  /** Share of one core that 1,000 open, idle sockets take (the widget's PING every 10 s). */
  idleCoreSharePer1000: number;
}

/** What each request costs a shared part (PostgreSQL or Redis); null where it could not be read. */
export interface SharedCosts {
  perPing: number | null;
  perReport: number | null;
}

export interface MeasuredFigures {
  node: NodeFigures;
  postgres: {
    rowWrites: SharedCosts;
    commits: SharedCosts;
    walBytes: SharedCosts;
    cpuMs: SharedCosts;
  };
  redis: {
    commands: SharedCosts;
    cpuMs: SharedCosts;
    /** What one open socket costs Redis each second with no request (the nodes' socket counts). */
    perSocketSecond: { commands: number; cpuMs: number };
  };
}

/** What the visitors do; an assumption about the sites, stated beside every projection. */
export interface Traffic {
  /** Visitors with a page open (and its widget socket) at the same time. */
  visitors: number;
  /** Pings a connected visitor sends per second (the SDK's bound: one per 2.5 s while it has events). */
  pingsPerVisitorSecond: number;
  /** Reports a connected visitor files per hour. */
  reportsPerVisitorHour: number;
}

/** How much of what was measured a node is planned to use. */
export interface SizingRules {
  /** Share of a node's measured saturation it should run at (bursts, garbage collection, a dead node's share). */
  cpuTarget: number;
  /** Memory a node may give to open sockets, in GB. */
  socketMemoryGb: number;
  /** p99 a publish may take to reach every socket of a node, in ms. */
  publishBudgetMs: number;
  /** Nodes on top of what the load needs, so that many may die without the rest passing the rules. */
  spareNodes: number;
}

export const defaultRules: SizingRules = {
  cpuTarget: 0.5,
  socketMemoryGb: 1,
  publishBudgetMs: 1000,
  spareNodes: 1,
};

/** A page view every 30 s, and one report per 50 visitor-hours. */
export const typicalTraffic = (visitors: number): Traffic => ({
  visitors,
  pingsPerVisitorSecond: 1 / 30,
  reportsPerVisitorHour: 0.02,
});

/** Every visitor streaming events, so the SDK pings every 2.5 s (its bound), and ten times the reports. */
export const busiestTraffic = (visitors: number): Traffic => ({
  visitors,
  pingsPerVisitorSecond: 1 / 2.5,
  reportsPerVisitorHour: 0.2,
});

export type NodeLimit = "cpu" | "memory" | "publish";

export interface Sizing {
  pingsPerSecond: number;
  reportsPerSecond: number;
  /** Visitors one node holds within each rule. */
  visitorsPerNode: Record<NodeLimit, number>;
  /** The rule a node meets first as visitors grow. */
  firstLimit: NodeLimit;
  /** Nodes the load needs, plus the spares. */
  nodes: number;
  /** Visitors per node once the spares are down (all nodes share them while none is). */
  visitorsPerNodeAtWorst: number;
  /** Resident memory of a node holding `visitorsPerNodeAtWorst` sockets. */
  memoryPerNodeMb: number;
  /** p99 of a publish reaching every socket of a node at worst (nodes deliver side by side). */
  publishP99Ms: number;
  postgres: {
    rowWritesPerSecond: number | null;
    commitsPerSecond: number | null;
    walMbPerSecond: number | null;
    /** Cores of PostgreSQL's machine busy with this load, at the measured cost per request. */
    cores: number | null;
  };
  redis: {
    commandsPerSecond: number | null;
    /** Share of Redis's one core (it runs commands on one thread). */
    coreShare: number | null;
    /** Messages Redis sends for one publish or signal: one to every node. */
    messagesPerPublish: number;
  };
  /** Visitors one core of each shared part carries: the part with the fewer saturates first. */
  visitorsPerSharedCore: { postgres: number | null; redis: number | null };
}

/** `perPing × pings + perReport × reports`, or null when either cost is unknown. */
function rate(costs: SharedCosts, pings: number, reports: number): number | null {
  if (costs.perPing === null || costs.perReport === null) return null;
  return costs.perPing * pings + costs.perReport * reports;
}

function checkFigures(figures: MeasuredFigures, traffic: Traffic, rules: SizingRules) {
  const positive: Array<[string, number]> = [
    ["node pings per second", figures.node.pingsPerSecond],
    ["node reports per second", figures.node.reportsPerSecond],
    ["sockets per GB", figures.node.socketsPerGb],
    ["publish p99 per 1,000 sockets", figures.node.publishP99MsPer1000],
    ["publish budget beyond the fixed part", rules.publishBudgetMs - figures.node.publishFixedMs],
    ["CPU target", rules.cpuTarget],
    ["socket memory", rules.socketMemoryGb],
    ["publish budget", rules.publishBudgetMs],
  ];
  for (const [name, value] of positive)
    if (!(Number.isFinite(value) && value > 0))
      throw new Error(`${name} must be a positive number, not ${value}`);
  if (!(Number.isFinite(figures.node.publishFixedMs) && figures.node.publishFixedMs >= 0))
    throw new Error(
      `the publish's fixed part must be a number of at least 0, not ${figures.node.publishFixedMs}`,
    );
  if (!(Number.isFinite(traffic.visitors) && traffic.visitors >= 0))
    throw new Error(`visitors must be a number of at least 0, not ${traffic.visitors}`);
  if (!Number.isInteger(rules.spareNodes) || rules.spareNodes < 0)
    throw new Error(`spare nodes must be a whole number of at least 0, not ${rules.spareNodes}`);
}

/** The cluster for `traffic`, within `rules`, from `figures`. */
export function projectSizing(
  figures: MeasuredFigures,
  traffic: Traffic,
  rules: SizingRules = defaultRules,
): Sizing {
  checkFigures(figures, traffic, rules);
  const { node } = figures;
  const pings = traffic.visitors * traffic.pingsPerVisitorSecond;
  const reports = (traffic.visitors * traffic.reportsPerVisitorHour) / 3600;
  // A visitor's share of one node's saturation: its pings and reports, and its idle socket.
  const shareOfNode =
    traffic.pingsPerVisitorSecond / node.pingsPerSecond +
    traffic.reportsPerVisitorHour / 3600 / node.reportsPerSecond +
    node.idleCoreSharePer1000 / 1000;
  const visitorsPerNode: Record<NodeLimit, number> = {
    cpu: shareOfNode > 0 ? rules.cpuTarget / shareOfNode : Number.POSITIVE_INFINITY,
    memory: rules.socketMemoryGb * node.socketsPerGb,
    publish: ((rules.publishBudgetMs - node.publishFixedMs) / node.publishP99MsPer1000) * 1000,
  };
  const limits = Object.keys(visitorsPerNode) as NodeLimit[];
  const firstLimit = limits.reduce((first, limit) =>
    visitorsPerNode[limit] < visitorsPerNode[first] ? limit : first,
  );
  const needed = Math.max(1, Math.ceil(traffic.visitors / visitorsPerNode[firstLimit]));
  const nodes = needed + rules.spareNodes;
  const visitorsPerNodeAtWorst = traffic.visitors / needed;
  const perVisitorSecond = (costs: SharedCosts) =>
    rate(costs, traffic.pingsPerVisitorSecond, traffic.reportsPerVisitorHour / 3600);
  const postgresCpuMs = rate(figures.postgres.cpuMs, pings, reports);
  const idleRedis = figures.redis.perSocketSecond;
  const plusSockets = (value: number | null, perSocket: number, sockets: number) =>
    value === null ? null : value + perSocket * sockets;
  const redisCpuMs = plusSockets(
    rate(figures.redis.cpuMs, pings, reports),
    idleRedis.cpuMs,
    traffic.visitors,
  );
  const postgresPerVisitor = perVisitorSecond(figures.postgres.cpuMs);
  const redisPerVisitor = plusSockets(perVisitorSecond(figures.redis.cpuMs), idleRedis.cpuMs, 1);
  const walBytes = rate(figures.postgres.walBytes, pings, reports);
  return {
    pingsPerSecond: pings,
    reportsPerSecond: reports,
    visitorsPerNode,
    firstLimit,
    nodes,
    visitorsPerNodeAtWorst,
    memoryPerNodeMb: node.baseRssMb + (visitorsPerNodeAtWorst / node.socketsPerGb) * 1024,
    publishP99Ms: node.publishFixedMs + (visitorsPerNodeAtWorst / 1000) * node.publishP99MsPer1000,
    postgres: {
      rowWritesPerSecond: rate(figures.postgres.rowWrites, pings, reports),
      commitsPerSecond: rate(figures.postgres.commits, pings, reports),
      walMbPerSecond: walBytes === null ? null : walBytes / (1024 * 1024),
      cores: postgresCpuMs === null ? null : postgresCpuMs / 1000,
    },
    redis: {
      commandsPerSecond: plusSockets(
        rate(figures.redis.commands, pings, reports),
        idleRedis.commands,
        traffic.visitors,
      ),
      coreShare: redisCpuMs === null ? null : redisCpuMs / 1000,
      messagesPerPublish: nodes,
    },
    visitorsPerSharedCore: {
      postgres: postgresPerVisitor ? 1000 / postgresPerVisitor : null,
      redis: redisPerVisitor ? 1000 / redisPerVisitor : null,
    },
  };
}

/** The least-squares line through points; null for fewer than two distinct x. */
export function leastSquaresLine(
  points: ReadonlyArray<{ x: number; y: number }>,
): { slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.x - meanX) * (point.y - meanY);
    variance += (point.x - meanX) ** 2;
  }
  if (variance === 0) return null;
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

/**
 * The line through a publish's p99 at several socket counts: its fixed part and its part per 1,000
 * sockets (least squares). When noise gives a line that cannot be (falling, or below zero at no
 * sockets), the whole p99 at the largest count is taken as proportional to the sockets, which
 * overstates the cost of more sockets rather than understating it.
 */
export function publishLine(sizes: ReadonlyArray<{ sockets: number; p99: number }>): {
  fixedMs: number;
  perThousandMs: number;
} {
  const largest = sizes.reduce<{ sockets: number; p99: number } | null>(
    (top, size) => (top === null || size.sockets > top.sockets ? size : top),
    null,
  );
  if (!largest || largest.sockets <= 0) throw new Error("no publish was measured");
  const proportional = { fixedMs: 0, perThousandMs: largest.p99 / (largest.sockets / 1000) };
  const line = leastSquaresLine(sizes.map((size) => ({ x: size.sockets / 1000, y: size.p99 })));
  if (!line || line.slope <= 0 || line.intercept < 0) return proportional;
  return { fixedMs: line.intercept, perThousandMs: line.slope };
}
