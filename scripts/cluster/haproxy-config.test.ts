import { describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixedPorts, portProblems } from "./cluster-ports.ts";
import { guideHaproxyConf, type LocalBalancer, renderHaproxyConf } from "./haproxy-config.ts";
import { haproxyBinary, parseStatsCsv } from "./haproxy-process.ts";
import { nodeEnv } from "./node-env.ts";
import { isBannerLine } from "./node-output.ts";

const guide = await Bun.file(guideHaproxyConf).text();

const balancer = (dir: string): LocalBalancer => ({
  mainPort: 13000,
  messengerPort: 13001,
  statsPort: 18404,
  // Three nodes, each with its messenger port next to its main one.
  nodes: [13010, 13020, 13030].map((mainPort) => ({ mainPort, messengerPort: mainPort + 1 })),
  dir,
});

describe("deploy/haproxy.cfg as the cluster runs it", () => {
  test("the ports and the three machines are the cluster's; what needs root is left out", () => {
    const rendered = renderHaproxyConf(guide, balancer("/tmp/balancer"));
    const settings = rendered.replace(/^\s*#.*\n/gm, "");
    expect(settings).not.toMatch(/maxconn 20000 /);
    expect(settings).not.toMatch(/10\.0\.0\.\d+|chroot|user haproxy|group haproxy|\/dev\/log|\/run\/haproxy/);
    for (const line of [
      "bind 127.0.0.1:13000\n",
      "bind 127.0.0.1:13001\n",
      "bind 127.0.0.1:18404\n",
      "server gleam2 127.0.0.1:13020 check\n",
      "server gleam3 127.0.0.1:13031 track gleam_main/gleam3\n",
      "stats socket /tmp/balancer/admin.sock mode 600 level admin",
      // Everything else is the guide's, line for line: health checks, timeouts, retries.
      "option redispatch 1",
      "timeout tunnel 1h",
      "http-check expect rstring",
      "balance roundrobin",
    ])
      expect(rendered).toContain(line);
  });

  test("a guide whose example values changed is refused, naming the one that is gone", () => {
    expect(() =>
      renderHaproxyConf(guide.replace("10.0.0.12:3000", "10.0.0.99:3000"), balancer("/tmp/b")),
    ).toThrow('deploy/haproxy.cfg no longer contains "server gleam2 10.0.0.12:3000 check"');
    expect(() => renderHaproxyConf(guide, { ...balancer("/tmp/b"), nodes: [] })).toThrow(
      "balances 3 machines, not 0",
    );
  });

  test("haproxy itself accepts the guide's file and the rendered one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "haproxy-config-"));
    try {
      for (const [name, text] of [
        ["guide.cfg", guide],
        ["rendered.cfg", renderHaproxyConf(guide, balancer(dir))],
      ] as const) {
        await Bun.write(join(dir, name), text);
        const check = Bun.spawnSync([haproxyBinary, "-c", "-f", join(dir, name)], {
          stderr: "pipe",
          stdout: "pipe",
        });
        expect(`${name}: ${check.exitCode} ${check.stdout}${check.stderr}`).toStartWith(`${name}: 0 `);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the health check's pattern passes a ready node and one that lost only Redis", () => {
    const pattern = /http-check expect rstring '(.+)'/.exec(guide)?.[1] ?? "";
    const check = new RegExp(pattern);
    const readyz = (failing: string[]) => JSON.stringify({ ok: failing.length === 0, checks: {}, failing });
    expect(check.test(readyz([]))).toBe(true);
    expect(check.test(readyz(["redis"]))).toBe(true);
    expect(check.test(readyz(["database"]))).toBe(false);
    expect(check.test(readyz(["storage"]))).toBe(false);
    expect(check.test(readyz(["database", "redis"]))).toBe(false);
    expect(check.test(readyz(["redis", "storage"]))).toBe(false);
  });
});

test("haproxy's stats CSV: the servers of each backend, not the frontends and totals", () => {
  const csv = [
    "# pxname,svname,qcur,scur,stot,status,",
    "gleam_main,FRONTEND,0,1,40,OPEN,",
    "gleam_main,gleam1,0,0,12,UP,",
    "gleam_main,gleam2,0,0,9,DOWN 1/2,",
    "gleam_main,BACKEND,0,0,21,UP,",
  ].join("\n");
  expect(parseStatsCsv(csv)).toEqual([
    { backend: "gleam_main", server: "gleam1", status: "UP", sessions: 12 },
    { backend: "gleam_main", server: "gleam2", status: "DOWN 1/2", sessions: 9 },
  ]);
});

describe("the cluster's ports", () => {
  test("npm run cluster's: the balancer on PORT and MESSENGER_PORT, node n on both plus 10·n", () => {
    expect(fixedPorts(3000, 3001)).toEqual({
      main: 3000,
      messenger: 3001,
      stats: 8404,
      nodes: [
        { main: 3010, messenger: 3011 },
        { main: 3020, messenger: 3021 },
        { main: 3030, messenger: 3031 },
      ],
    });
    expect(portProblems(fixedPorts(3000, 3001))).toEqual([]);
  });

  test("a port given two jobs, or out of range, is named", () => {
    expect(portProblems(fixedPorts(3000, 3010))).toContain(
      "gleam1's main origin and MESSENGER_PORT (the balancer's messenger origin) would both be port 3010",
    );
    expect(portProblems(fixedPorts(65520, 3001))).toContain(
      "gleam2's main origin would be port 65540, outside 1 to 65535",
    );
  });
});

test("a node's environment: the caller's, with the cluster's settings on top and a metrics port each", () => {
  const env = nodeEnv(
    {
      RATE_LIMITS: "0",
      LOG_LEVEL: "warn",
      DATABASE_URL: "sqlite://elsewhere",
      METRICS_PORT: "9464",
      GONE: undefined,
    },
    { DATABASE_URL: "postgres://cluster/db", REDIS_URL: "redis://cluster" },
    { index: 2, main: 3030, messenger: 3031, dataDir: "/tmp/gleam3" },
  );
  expect(env).toEqual({
    RATE_LIMITS: "0",
    LOG_LEVEL: "warn",
    DATABASE_URL: "postgres://cluster/db",
    REDIS_URL: "redis://cluster",
    METRICS_PORT: "9466",
    HOST: "127.0.0.1",
    PORT: "3030",
    MESSENGER_PORT: "3031",
    DATA_DIR: "/tmp/gleam3",
  });
});

test("the URL table a node prints once it listens is not repeated by the cluster; its log lines are", () => {
  expect(isBannerLine("  Messenger          http://localhost:3001/        (Gleap.setFrameUrl)")).toBe(true);
  expect(isBannerLine("")).toBe(true);
  expect(isBannerLine('{"time":"2026-11-24T20:26:05.124Z","level":"info","msg":"request"}')).toBe(false);
  expect(isBannerLine("error: something failed")).toBe(false);
});
