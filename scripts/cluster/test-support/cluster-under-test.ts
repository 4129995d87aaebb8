import { afterAll, beforeAll } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { logIn } from "../../../src/server/test-support/api-calls.ts";
import { writeFixtureDist } from "../../../src/server/test-support/fixture-dist.ts";
import { postgresPassUrl } from "../../../src/server/test-support/postgres-pass.ts";
import { realisticReport } from "../../../src/server/test-support/realistic-report.ts";
import { processTestTimeoutMs } from "../../../src/server/test-support/test-timeouts.ts";
import { type Cluster, startCluster } from "../cluster.ts";
import type { ClusterNode } from "../cluster-node.ts";
import { type ClusterTarget, newClusterLedger, startVisitor, visitorHeaders } from "./cluster-load.ts";

/**
 * The cluster of `npm run cluster`, started by the tests: free ports, a fresh database in the
 * PostgreSQL pass's cluster (the nodes migrate and seed it, all three at once), its own Redis, s3rver
 * and haproxy. The nodes run as an operator's would (rate limits and quotas on) with a small build, the
 * minimal demo data and test password hashing; LOG_LEVEL=info, so each node's request lines say which
 * sockets it holds.
 */
export interface ClusterUnderTest {
  cluster: Cluster;
  sql: SQL;
  dispose(): Promise<void>;
}

export async function startClusterUnderTest(): Promise<ClusterUnderTest> {
  const workDir = await mkdtemp(join(tmpdir(), "cluster-test-"));
  await writeFixtureDist(join(workDir, "dist"));
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      ports: "free",
      postgresAdminUrl: postgresPassUrl(),
      env: {
        PATH: process.env.PATH,
        DIST_DIR: join(workDir, "dist"),
        DEMO_DATA: "minimal",
        CAPTCHA_PROVIDER: "off",
        PASSWORD_HASH_COST: "test",
        LOG_LEVEL: "info",
        SHUTDOWN_TIMEOUT_MS: "5000",
      },
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const sql = new SQL(cluster.postgresUrl);
  const started = cluster;
  return {
    cluster: started,
    sql,
    async dispose() {
      await sql.close();
      await started.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** Four report bodies of the widget's shape whose snapshot (about 80 KB) and replay are stored in S3. */
export const reportBodies = [1, 2, 3, 4].map((seed) =>
  realisticReport(`cluster-${seed}`, {
    snapshotBytes: 80_000,
    consoleEntries: 20,
    networkEntries: 5,
    pictureBytes: 0,
    replayEvents: 300,
  }),
);

/** The admin's token, the demo project and a report for the staff notes, made through the balancer. */
/** The file's cluster: started before its tests (within the process-level timeout), stopped after them. */
export function clusterForFile(): () => ClusterUnderTest {
  let harness: ClusterUnderTest | undefined;
  beforeAll(async () => {
    harness = await startClusterUnderTest();
  }, processTestTimeoutMs);
  afterAll(async () => {
    await harness?.dispose();
  });
  return () => {
    if (!harness) throw new Error("the cluster has not started");
    return harness;
  };
}

export async function prepareTarget(harness: ClusterUnderTest): Promise<ClusterTarget> {
  const { mainUrl } = harness.cluster;
  const adminToken = await logIn(mainUrl, "admin", "admin");
  const [project] = await harness.sql`SELECT id FROM widget_projects WHERE sdk_key = 'demo'`;
  const visitor = await startVisitor(mainUrl, newClusterLedger());
  if (!project || !visitor) throw new Error("the demo project or a first session is missing");
  const report = await fetch(`${mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: visitorHeaders(visitor),
    body: JSON.stringify({ formData: { description: "staff notes go here" } }),
  });
  if (report.status !== 201) throw new Error(`the notes' report answered ${report.status}`);
  const { id: reportId } = (await report.json()) as { id: string };
  return {
    mainUrl,
    adminToken,
    projectId: String((project as { id: string }).id),
    reportId,
    reportBodies,
    sql: harness.sql,
  };
}

/** How many upgrades of `path` each node has answered (its request log lines with status 101). */
export function socketsPerNode(nodes: ClusterNode[], path: "/api/widget/ws" | "/api/admin/ws"): number[] {
  const line = `"path":"${path}","status":101`;
  return nodes.map((node) => node.output().split(line).length - 1);
}
