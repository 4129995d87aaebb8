import { describe, expect, test } from "bun:test";
import {
  busiestTraffic,
  defaultRules,
  leastSquaresLine,
  type MeasuredFigures,
  projectSizing,
  publishLine,
  typicalTraffic,
} from "./capacity-projection.ts";

const figures: MeasuredFigures = {
  node: {
    pingsPerSecond: 2000,
    reportsPerSecond: 100,
    socketsPerGb: 40_000,
    baseRssMb: 150,
    publishFixedMs: 0,
    publishP99MsPer1000: 20,
    idleCoreSharePer1000: 0.01,
  },
  postgres: {
    rowWrites: { perPing: 2, perReport: 10 },
    commits: { perPing: 0.1, perReport: 3 },
    walBytes: { perPing: 1024, perReport: 200 * 1024 },
    cpuMs: { perPing: 0.2, perReport: 5 },
  },
  redis: {
    commands: { perPing: 2, perReport: 5 },
    cpuMs: { perPing: 0.01, perReport: 0.05 },
    perSocketSecond: { commands: 0.2, cpuMs: 0.001 },
  },
};

describe("projectSizing", () => {
  test("10,000 typical visitors: the node's CPU is the first limit, one node and a spare", () => {
    const sizing = projectSizing(figures, typicalTraffic(10_000));
    // A visitor's share of a node: (1/30)/2000 + 0.02/3600/100 + 0.01/1000.
    const share = 1 / 30 / 2000 + 0.02 / 3600 / 100 + 0.01 / 1000;
    expect(sizing.visitorsPerNode.cpu).toBeCloseTo(0.5 / share, 6);
    expect(sizing.visitorsPerNode.memory).toBe(40_000);
    expect(sizing.visitorsPerNode.publish).toBe(50_000);
    expect(sizing.firstLimit).toBe("cpu");
    expect(sizing.nodes).toBe(2);
    expect(sizing.visitorsPerNodeAtWorst).toBe(10_000);
    expect(sizing.memoryPerNodeMb).toBeCloseTo(150 + 256, 6);
    expect(sizing.publishP99Ms).toBeCloseTo(200, 6);
    expect(sizing.pingsPerSecond).toBeCloseTo(10_000 / 30, 6);
    expect(sizing.reportsPerSecond).toBeCloseTo((10_000 * 0.02) / 3600, 9);
    expect(sizing.postgres.rowWritesPerSecond).toBeCloseTo(
      (10_000 / 30) * 2 + ((10_000 * 0.02) / 3600) * 10,
      6,
    );
    expect(sizing.postgres.commitsPerSecond).toBeCloseTo(
      (10_000 / 30) * 0.1 + ((10_000 * 0.02) / 3600) * 3,
      6,
    );
    expect(sizing.postgres.cores).toBeCloseTo(((10_000 / 30) * 0.2 + ((10_000 * 0.02) / 3600) * 5) / 1000, 9);
    expect(sizing.redis.messagesPerPublish).toBe(2);
  });

  test("100,000 visitors at the SDK's busiest: 43 nodes for the load and one spare", () => {
    const sizing = projectSizing(figures, busiestTraffic(100_000));
    const share = 0.4 / 2000 + 0.2 / 3600 / 100 + 0.01 / 1000;
    expect(sizing.visitorsPerNode.cpu).toBeCloseTo(0.5 / share, 6);
    expect(sizing.nodes).toBe(Math.ceil(100_000 / (0.5 / share)) + 1);
    expect(sizing.nodes).toBe(44);
    expect(sizing.visitorsPerNodeAtWorst).toBeCloseTo(100_000 / 43, 6);
    expect(sizing.pingsPerSecond).toBeCloseTo(40_000, 6);
    expect(sizing.postgres.walMbPerSecond).toBeCloseTo(
      (40_000 * 1024 + ((100_000 * 0.2) / 3600) * 200 * 1024) / 1048576,
      6,
    );
    // Shared parts: the visitors one core of each carries.
    expect(sizing.visitorsPerSharedCore.postgres).toBeCloseTo(1000 / (0.4 * 0.2 + (0.2 / 3600) * 5), 6);
    // Redis also keeps every open socket's count: 0.001 ms of its CPU per socket each second.
    expect(sizing.visitorsPerSharedCore.redis).toBeCloseTo(
      1000 / (0.4 * 0.01 + (0.2 / 3600) * 0.05 + 0.001),
      6,
    );
    expect(sizing.redis.coreShare).toBeCloseTo(
      (40_000 * 0.01 + ((100_000 * 0.2) / 3600) * 0.05 + 100_000 * 0.001) / 1000,
      9,
    );
    expect(sizing.redis.commandsPerSecond).toBeCloseTo(
      40_000 * 2 + ((100_000 * 0.2) / 3600) * 5 + 100_000 * 0.2,
      6,
    );
  });

  test("memory becomes the first limit when sockets are dear, and the publish budget when fan-out is slow", () => {
    const dearSockets = { ...figures, node: { ...figures.node, socketsPerGb: 5000 } };
    const memoryFirst = projectSizing(dearSockets, typicalTraffic(100_000));
    expect(memoryFirst.firstLimit).toBe("memory");
    expect(memoryFirst.nodes).toBe(20 + 1);
    const slowFanout = { ...figures, node: { ...figures.node, publishP99MsPer1000: 200 } };
    const publishFirst = projectSizing(slowFanout, typicalTraffic(100_000));
    expect(publishFirst.firstLimit).toBe("publish");
    expect(publishFirst.visitorsPerNode.publish).toBe(5000);
    expect(publishFirst.nodes).toBe(21);
    expect(publishFirst.publishP99Ms).toBeCloseTo(1000, 6);
  });

  test("a publish's fixed part comes off the budget and onto every publish", () => {
    const withFixed = {
      ...figures,
      node: { ...figures.node, publishFixedMs: 100, publishP99MsPer1000: 200 },
    };
    const sizing = projectSizing(withFixed, typicalTraffic(100_000));
    expect(sizing.visitorsPerNode.publish).toBe(((1000 - 100) / 200) * 1000);
    expect(sizing.nodes).toBe(Math.ceil(100_000 / 4500) + 1);
    expect(sizing.publishP99Ms).toBeCloseTo(100 + (100_000 / 23 / 1000) * 200, 6);
    const overBudget = { ...figures, node: { ...figures.node, publishFixedMs: 1000 } };
    expect(() => projectSizing(overBudget, typicalTraffic(10))).toThrow(
      "publish budget beyond the fixed part must be a positive number, not 0",
    );
  });

  test("rules change the count: no spare, a fuller node", () => {
    const sizing = projectSizing(figures, busiestTraffic(100_000), {
      ...defaultRules,
      spareNodes: 0,
      cpuTarget: 1,
    });
    const share = 0.4 / 2000 + 0.2 / 3600 / 100 + 0.01 / 1000;
    expect(sizing.nodes).toBe(Math.ceil(100_000 * share));
  });

  test("a shared cost that could not be read gives no figure instead of a wrong one", () => {
    const unread = { ...figures, postgres: { ...figures.postgres, cpuMs: { perPing: null, perReport: 5 } } };
    const sizing = projectSizing(unread, typicalTraffic(10_000));
    expect(sizing.postgres.cores).toBeNull();
    expect(sizing.visitorsPerSharedCore.postgres).toBeNull();
    expect(sizing.postgres.rowWritesPerSecond).not.toBeNull();
  });

  test("no visitors still means one node and its spare", () => {
    expect(projectSizing(figures, typicalTraffic(0)).nodes).toBe(2);
  });

  test("figures that cannot be divided by are refused with their name", () => {
    const broken = { ...figures, node: { ...figures.node, pingsPerSecond: 0 } };
    expect(() => projectSizing(broken, typicalTraffic(10))).toThrow(
      "node pings per second must be a positive number, not 0",
    );
    expect(() => projectSizing(figures, typicalTraffic(Number.NaN))).toThrow("visitors must be");
    expect(() => projectSizing(figures, typicalTraffic(10), { ...defaultRules, spareNodes: 0.5 })).toThrow(
      "spare nodes must be a whole number",
    );
  });
});

describe("publishLine", () => {
  /** Measured publishes as [sockets, p99 ms] pairs. */
  const sizes = (...pairs: Array<[number, number]>) => pairs.map(([sockets, p99]) => ({ sockets, p99 }));

  test("two sizes give the line through them", () => {
    const line = publishLine(sizes([1000, 30], [2000, 50]));
    expect(line.perThousandMs).toBeCloseTo(20, 9);
    expect(line.fixedMs).toBeCloseTo(10, 9);
  });

  test("three sizes give the least-squares line", () => {
    const line = publishLine(sizes([1000, 12], [2000, 18], [3000, 30]));
    expect(line.perThousandMs).toBeCloseTo(9, 9);
    expect(line.fixedMs).toBeCloseTo(2, 9);
  });

  test("a falling line or one below zero is taken as proportional to the largest count", () => {
    const falling = publishLine(sizes([50, 62], [100, 28]));
    expect(falling).toEqual({ fixedMs: 0, perThousandMs: 280 });
    const belowZero = publishLine(sizes([1000, 10], [2000, 40]));
    expect(belowZero).toEqual({ fixedMs: 0, perThousandMs: 20 });
    expect(publishLine(sizes([500, 10]))).toEqual({ fixedMs: 0, perThousandMs: 20 });
  });

  test("nothing measured is refused", () => {
    expect(() => publishLine([])).toThrow("no publish was measured");
  });
});

describe("leastSquaresLine", () => {
  test("fits a line through noisy points, and refuses points that do not spread", () => {
    const line = leastSquaresLine([
      { x: 0, y: 99 },
      { x: 1, y: 104 },
      { x: 2, y: 106 },
      { x: 3, y: 108 },
      { x: 4, y: 111 },
    ]);
    expect(line?.slope).toBeCloseTo(2.8, 9);
    expect(line?.intercept).toBeCloseTo(100, 9);
    expect(leastSquaresLine([{ x: 1, y: 1 }])).toBeNull();
    expect(
      leastSquaresLine([
        { x: 2, y: 1 },
        { x: 2, y: 3 },
      ]),
    ).toBeNull();
  });
});
