import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { processTestTimeoutMs } from "../../src/server/test-support/test-timeouts.ts";
import { until } from "../../src/server/test-support/until.ts";
import {
  comebacks,
  openStaffClients,
  openWidgetClients,
  percentile,
  type SocketLife,
} from "../../src/server/test-support/watched-clients.ts";
import type { ClusterNode } from "./cluster-node.ts";
import {
  conversationsNotWhole,
  missingCount,
  missingFromDatabase,
  nothingMissing,
  reportsNotWhole,
  spread,
} from "./test-support/acknowledged-in-cluster.ts";
import {
  acknowledgedCount,
  type ClusterLedger,
  type ClusterTarget,
  newClusterLedger,
  runClusterLoad,
  send,
  staffReply,
  startChat,
  startVisitor,
  type Visitor,
  visitorHeaders,
} from "./test-support/cluster-load.ts";
import {
  type ClusterUnderTest,
  clusterForFile,
  prepareTarget,
  socketsPerNode,
} from "./test-support/cluster-under-test.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * `npm run cluster`'s cluster (three server processes on PostgreSQL, Redis and S3, haproxy with
 * deploy/haproxy.cfg in front) under mixed widget and staff traffic through the balancer, while one
 * node gets kill -9: every write answered 2xx is in PostgreSQL and S3 afterwards and reads back whole
 * through any node; the widget and staff sockets the dead node held are back through the balancer
 * within 3 s and get the next staff reply and publish; the node, started again, is back in haproxy's
 * rotation and serving without anyone touching the balancer.
 */
const harness = clusterForFile();

const publishPage = "/cluster-failover";

/** A visitor with the page open: a session, a page view on the publish's page, a conversation. */
async function visitorWithChat(target: ClusterTarget, ledger: ClusterLedger) {
  const visitor = (await startVisitor(target.mainUrl, ledger)) as Visitor;
  const headers = visitorHeaders(visitor);
  const ping = await fetch(`${target.mainUrl}/api/widget/sessions/ping`, {
    method: "POST",
    headers,
    body: JSON.stringify({ time: 1, events: [{ name: "pageView", data: { page: publishPage } }] }),
  });
  expect(ping.status).toBe(200);
  return { visitor, conversationId: await startChat(target, visitor, "Is anyone there?") };
}

/** The node holding the most staff sockets among those holding a widget socket too. */
function victimOf(nodes: ClusterNode[]): ClusterNode {
  const widgets = socketsPerNode(nodes, "/api/widget/ws");
  const staff = socketsPerNode(nodes, "/api/admin/ws");
  const candidates = nodes
    .map((node, index) => ({ node, widgets: widgets[index] ?? 0, staff: staff[index] ?? 0 }))
    .filter((entry) => entry.widgets > 0 && entry.staff > 0)
    .sort((a, b) => b.staff - a.staff);
  const chosen = candidates[0];
  if (!chosen) throw new Error(`no node holds both kinds of socket: widget ${widgets}, staff ${staff}`);
  return chosen.node;
}

/** How many sockets `victim` answered the upgrade of, by its log. */
function victimSockets(nodes: ClusterNode[], victim: ClusterNode): number {
  const index = nodes.indexOf(victim);
  return (
    (socketsPerNode(nodes, "/api/widget/ws")[index] ?? 0) +
    (socketsPerNode(nodes, "/api/admin/ws")[index] ?? 0)
  );
}

/** A staff reply to every visitor's conversation and a published modal on their page, through the balancer. */
async function replyAndPublish(
  target: ClusterTarget,
  ledger: ClusterLedger,
  chats: Array<{ conversationId: string }>,
) {
  // A reply the balancer could not hand to a live node is not acknowledged, and the person sends it
  // again, as the admin's composer offers; only an acknowledged reply is expected on the sockets.
  const replies = await Promise.all(
    chats.map(async (chat, index) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const reply = await staffReply(
          target,
          ledger,
          chat.conversationId,
          `<p>Back after the failover ${index}</p>`,
        );
        if (reply) return reply;
        await Bun.sleep(200);
      }
      return null;
    }),
  );
  const admin = { "Content-Type": "application/json", Authorization: `Bearer ${target.adminToken}` };
  const created = await send<{ id: string }>(
    ledger,
    `${target.mainUrl}/api/projects/${target.projectId}/outbounds`,
    {
      method: "POST",
      headers: admin,
      body: JSON.stringify({
        type: "modal",
        name: "After the failover",
        config: { title: "Still here" },
        pageFilter: publishPage,
        pageFilterType: "contains",
      }),
    },
    "outbound",
  );
  if (!created) throw new Error("the outbound was not created");
  const published = await fetch(
    `${target.mainUrl}/api/projects/${target.projectId}/outbounds/${created.id}/publish`,
    {
      method: "POST",
      headers: admin,
    },
  );
  expect(published.status).toBe(200);
  return { replies: replies.map((reply) => reply?.id ?? "none"), outbound: created.id };
}

/** Restarts the node and measures until it listens, until haproxy has it UP, and until it served a request. */
async function restartAndRejoin(harness: ClusterUnderTest, node: ClusterNode) {
  const { cluster } = harness;
  const stateOfNode = async () =>
    (await cluster.servers()).find(
      (server) => server.backend === "gleam_main" && server.server === node.name,
    );
  const before = (await stateOfNode())?.sessions ?? 0;
  const started = performance.now();
  await node.restart();
  const listeningMs = performance.now() - started;
  let upMs = Number.NaN;
  let servingMs = Number.NaN;
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && Number.isNaN(servingMs)) {
    const state = await stateOfNode();
    if (state?.status === "UP" && Number.isNaN(upMs)) upMs = performance.now() - started;
    if (state?.status === "UP" && state.sessions > before) servingMs = performance.now() - started;
    await Bun.sleep(25);
  }
  return { listeningMs, upMs, servingMs };
}

/** Reports and conversations read back through each node directly, besides all through the balancer. */
const samplePerNode = 4;

/**
 * Every acknowledged report (what the visitor wrote, its snapshot and replay) and conversation (the
 * visitor's message and the staff replies) read back through the balancer, and an evenly spread
 * sample of each through every node itself, the restarted one included: one line per problem.
 */
async function readBackProblems(harness: ClusterUnderTest, target: ClusterTarget, ledger: ClusterLedger) {
  const { cluster } = harness;
  const balancer = () => cluster.mainUrl;
  const eachNode = (index: number) => (cluster.nodes[index % cluster.nodes.length] as ClusterNode).mainUrl;
  const sampled = samplePerNode * cluster.nodes.length;
  const token = target.adminToken;
  return [
    ...(await reportsNotWhole(ledger.reports, target.reportBodies, balancer, token)),
    ...(await reportsNotWhole(spread(ledger.reports, sampled), target.reportBodies, eachNode, token)),
    ...(await conversationsNotWhole(ledger, ledger.conversations, balancer, target.projectId, token)),
    ...(await conversationsNotWhole(
      ledger,
      spread(ledger.conversations, sampled),
      eachNode,
      target.projectId,
      token,
    )),
  ];
}

describe("a cluster of three nodes behind haproxy", () => {
  test("kill -9 of a node under load: nothing acknowledged is lost, its sockets are back within 3 s, it rejoins", async () => {
    const { cluster } = harness();
    const target = await prepareTarget(harness());
    const setup = newClusterLedger();
    const chats = await Promise.all(Array.from({ length: 12 }, () => visitorWithChat(target, setup)));
    const widgets = openWidgetClients(
      cluster.mainUrl,
      chats.map((chat) => chat.visitor),
    );
    const staff = openStaffClients(cluster.mainUrl, target.adminToken, 3);
    const sockets = (): SocketLife[] => [...widgets.lives(), ...staff.lives()];
    await until(() => sockets().length === 15 && sockets().every((life) => life.opens.length === 1), 5000, {
      what: "sockets open",
      everyMs: 10,
    });
    // Each node logs the upgrades it answered (after the answer, in a batch): wait until all are there.
    await until(
      () =>
        socketsPerNode(cluster.nodes, "/api/widget/ws").reduce((a, b) => a + b, 0) === 12 &&
        socketsPerNode(cluster.nodes, "/api/admin/ws").reduce((a, b) => a + b, 0) === 3,
      3000,
      { what: "every upgrade logged", everyMs: 10 },
    );
    const victim = victimOf(cluster.nodes);
    const held = victimSockets(cluster.nodes, victim);

    const ledger = newClusterLedger();
    let loading = true;
    const load = runClusterLoad(target, ledger, () => loading, { ping: 3, report: 2, chat: 2, note: 1 });
    await Bun.sleep(2000);
    const killedAt = performance.now();
    victim.kill("SIGKILL");
    await victim.exited();
    // Until the sockets the dead node held have all closed (the balancer notices the death a moment
    // later on a busy machine, and none closed yet is not "all back") and every closed one is back.
    await until(
      () => {
        const entries = comebacks(sockets(), killedAt);
        const closed = entries.filter((entry) => entry.closed);
        return closed.length >= held && closed.every((entry) => entry.backAfterMs !== null);
      },
      6000,
      { what: "every socket of the killed node back", everyMs: 10 },
    ).catch(() => {});
    const back = comebacks(sockets(), killedAt).filter((entry) => entry.closed);
    // The sockets the dead node held are the ones it closed.
    const widgetsOnVictim = comebacks(widgets.lives(), killedAt).filter((entry) => entry.closed).length;
    const staffOnVictim = comebacks(staff.lives(), killedAt).filter((entry) => entry.closed).length;

    // The next staff reply and publish reach every visitor, the replies every staff tab.
    const pushed = await replyAndPublish(target, ledger, chats);
    const pushesAt = performance.now();
    // What each socket has not heard yet, by name: empty once every reply and the publish arrived.
    const unheard = () => [
      ...widgets
        .lives()
        .flatMap((life, index) =>
          [pushed.replies[index] as string, pushed.outbound]
            .filter((id) => !life.messages.some((message) => message.includes(id)))
            .map((id) => `widget socket ${index} (${life.opens.length} opens) lacks ${id}`),
        ),
      ...staff
        .lives()
        .flatMap((life, tab) =>
          pushed.replies
            .filter((id) => !life.messages.some((message) => message.includes(id)))
            .map((id) => `staff tab ${tab} (${life.opens.length} opens) lacks ${id}`),
        ),
    ];
    await until(() => unheard().length === 0, 3000, {
      what: "the reply and the publish on every socket",
      everyMs: 10,
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${unheard().join("; ")}; refused ${JSON.stringify(ledger.refused)}`);
    });
    const pushMs = performance.now() - pushesAt;

    const rejoin = await restartAndRejoin(harness(), victim);
    await Bun.sleep(500);
    // A loaded machine acknowledges fewer writes in the same time: the load goes on until enough of
    // each kind went through the failover and the rejoin to say something (the checks below).
    await until(() => ledger.reports.length > 10 && ledger.replies.length > 10, 20_000, {
      what: "more than 10 reports and staff replies acknowledged",
      everyMs: 10,
    }).catch(() => {});
    loading = false;
    await load;
    widgets.close();
    staff.close();

    const missing = await missingFromDatabase(harness().sql, ledger);
    const read = await readBackProblems(harness(), target, ledger);
    const reconnects = back.map((entry) => entry.backAfterMs ?? Number.NaN);
    console.log(
      [
        `requests answered ${ledger.answered}; acknowledged writes checked ${acknowledgedCount(ledger)} (sessions ${ledger.sessions.length}, pings ${ledger.pages.length}, reports ${ledger.reports.length} with snapshot and replay in S3, conversations ${ledger.conversations.length}, staff replies ${ledger.replies.length}, notes ${ledger.notes.length}); lost ${missingCount(missing)}`,
        `not acknowledged ${JSON.stringify(ledger.refused)}; read back whole: every report (snapshot, replay) and conversation through the balancer, ${samplePerNode} of each through each node directly`,
        `killed ${victim.name}: its ${widgetsOnVictim} widget and ${staffOnVictim} staff sockets back after p50 ${percentile(reconnects, 0.5)} ms, p99 ${percentile(reconnects, 0.99)} ms (from the kill; close codes ${[...new Set(back.map((entry) => entry.code))].join(", ")}); the next reply and publish on all 15 sockets within ${Math.round(pushMs)} ms`,
        `${victim.name} restarted: listening after ${Math.round(rejoin.listeningMs)} ms, UP in haproxy after ${Math.round(rejoin.upMs)} ms, serving after ${Math.round(rejoin.servingMs)} ms`,
      ].join("\n"),
    );

    expect(ledger.unexpected).toEqual([]);
    expect(missing).toEqual(nothingMissing);
    expect(read).toEqual([]);
    expect(ledger.reports.length).toBeGreaterThan(10);
    expect(ledger.replies.length).toBeGreaterThan(10);
    expect(widgetsOnVictim).toBeGreaterThan(0);
    expect(staffOnVictim).toBeGreaterThan(0);
    expect(Math.max(...reconnects)).toBeLessThan(3000);
    expect(rejoin.servingMs).toBeLessThan(10_000);
  });
});
