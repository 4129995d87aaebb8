import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { processTestTimeoutMs } from "../../src/server/test-support/test-timeouts.ts";
import { until } from "../../src/server/test-support/until.ts";
import {
  openStaffClients,
  openWidgetClients,
  type SocketLife,
} from "../../src/server/test-support/watched-clients.ts";
import { serversUp } from "./cluster.ts";
import { missingCount, missingFromDatabase, nothingMissing } from "./test-support/acknowledged-in-cluster.ts";
import {
  acknowledgedCount,
  type ClusterLedger,
  type ClusterTarget,
  newClusterLedger,
  nextVisitorAddress,
  runClusterLoad,
  staffReply,
  startChat,
  startVisitor,
  type Visitor,
  visitorHeaders,
} from "./test-support/cluster-load.ts";
import { clusterForFile, prepareTarget } from "./test-support/cluster-under-test.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * `npm run cluster`'s cluster while its Redis is stopped for a few seconds under mixed traffic and
 * started again, empty: every write answered is in PostgreSQL, nothing is answered 5xx meanwhile
 * (haproxy keeps every node in: /readyz failing on Redis alone does not take them out), the widget
 * API's rate limits fall back to each node's own window and the database-kept quotas go on, a node
 * stops promptly without Redis, and pushes between the nodes resume by themselves once Redis is back.
 */
const harness = clusterForFile();

async function visitorWithChat(target: ClusterTarget) {
  const visitor = (await startVisitor(target.mainUrl, newClusterLedger())) as Visitor;
  return { visitor, conversationId: await startChat(target, visitor, "Hello?") };
}

/** Session starts from one new address through the balancer: how each was answered. */
async function sessionStartsFromOneAddress(mainUrl: string, count: number) {
  const address = nextVisitorAddress();
  const statuses: Record<number, number> = {};
  let retryAfter: string | null = null;
  for (let start = 0; start < count; start++) {
    const response = await fetch(`${mainUrl}/api/widget/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo", "X-Forwarded-For": address },
      body: "{}",
    });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 429) retryAfter ??= response.headers.get("Retry-After");
  }
  return { statuses, retryAfter };
}

/**
 * One session's reports through the balancer: the quota is 8 a minute, kept in the database. Its
 * windows are whole minutes of the clock, so a run that crossed into the next minute counted in two
 * windows and proves nothing: it is made again with a new session.
 */
async function reportsOfOneSession(mainUrl: string, count: number): Promise<number[]> {
  const minute = () => Math.floor(Date.now() / 60_000);
  for (;;) {
    const visitor = (await startVisitor(mainUrl, newClusterLedger())) as Visitor;
    const first = minute();
    const statuses: number[] = [];
    for (let report = 0; report < count; report++) {
      const response = await fetch(`${mainUrl}/api/widget/bugs/v2`, {
        method: "POST",
        headers: visitorHeaders(visitor),
        body: JSON.stringify({ formData: { description: `quota ${report}` } }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    if (minute() === first) return statuses;
  }
}

/**
 * Staff answer every visitor again and again until one round of replies reaches every widget and
 * staff socket (each process's sockets hear the others' pushes through Redis); answers the time from
 * `since` until that round arrived.
 */
async function pushesResumed(
  target: ClusterTarget,
  ledger: ClusterLedger,
  chats: Array<{ conversationId: string }>,
  lives: { widgets: SocketLife[]; staff: SocketLife[] },
  since: number,
): Promise<number> {
  for (let round = 0; performance.now() - since < 8000; round++) {
    const replies = await Promise.all(
      chats.map((chat) => staffReply(target, ledger, chat.conversationId, `<p>round ${round}</p>`)),
    );
    const ids = replies.map((reply) => reply?.id ?? "none");
    const arrived = () =>
      lives.widgets.every((life, index) =>
        life.messages.some((message) => message.includes(ids[index] as string)),
      ) &&
      lives.staff.every((life) => ids.every((id) => life.messages.some((message) => message.includes(id))));
    const sent = performance.now();
    while (!arrived() && performance.now() - sent < 300) await Bun.sleep(10);
    if (arrived()) return performance.now() - since;
  }
  return Number.NaN;
}

describe("a cluster whose Redis goes away and comes back", () => {
  test("nothing acknowledged is lost, nothing answered 5xx, limits hold, pushes resume by themselves", async () => {
    const { cluster } = harness();
    const target = await prepareTarget(harness());
    const chats = await Promise.all(Array.from({ length: 6 }, () => visitorWithChat(target)));
    const widgets = openWidgetClients(
      cluster.mainUrl,
      chats.map((chat) => chat.visitor),
    );
    const staff = openStaffClients(cluster.mainUrl, target.adminToken, 3);
    const lives = () => ({ widgets: widgets.lives(), staff: staff.lives() });
    await until(
      () => [...widgets.lives(), ...staff.lives()].filter((life) => life?.opens.length === 1).length === 9,
      5000,
      { what: "sockets open", everyMs: 10 },
    );

    const ledger = newClusterLedger();
    let loading = true;
    const load = runClusterLoad(target, ledger, () => loading, { ping: 2, report: 1, chat: 2, note: 1 });
    await Bun.sleep(1500);
    const downAt = performance.now();
    await cluster.redis.stop();
    await Bun.sleep(1500);
    // haproxy sees /readyz fail on Redis and keeps every node in.
    const whileDown = await cluster.servers();
    const sessionStarts = await sessionStartsFromOneAddress(cluster.mainUrl, 200);
    const quota = await reportsOfOneSession(cluster.mainUrl, 9);
    // What the traffic got while Redis was away, before a node is stopped on purpose (whose drain
    // answers 503 to a request on a connection it still holds, as any stop does).
    const refusedWhileDown = { ...ledger.refused };
    const answeredWhileDown = ledger.answered;
    const leaving = cluster.nodes[2];
    if (!leaving) throw new Error("the cluster has no third node");
    const stopStarted = performance.now();
    await leaving.stop();
    const stopMs = performance.now() - stopStarted;
    const downMs = performance.now() - downAt;

    await cluster.redis.start();
    const upAt = performance.now();
    const resumedMs = await pushesResumed(target, ledger, chats, lives(), upAt);
    await leaving.restart();
    await serversUp(cluster.servers, 10_000);
    loading = false;
    await load;
    widgets.close();
    staff.close();

    const missing = await missingFromDatabase(harness().sql, ledger);
    const allowed = sessionStarts.statuses[200] ?? 0;
    console.log(
      [
        `Redis down ${Math.round(downMs)} ms under load: requests answered ${ledger.answered}; acknowledged writes checked ${acknowledgedCount(ledger)} (sessions ${ledger.sessions.length}, pings ${ledger.pages.length}, reports ${ledger.reports.length}, conversations ${ledger.conversations.length}, staff replies ${ledger.replies.length}, notes ${ledger.notes.length}); lost ${missingCount(missing)}; not acknowledged ${JSON.stringify(ledger.refused)}, unexpected ${ledger.unexpected.length}`,
        `while down, before the node's stop: ${answeredWhileDown} answered, not acknowledged ${JSON.stringify(refusedWhileDown)}`,
        `while down: haproxy ${whileDown.map((server) => `${server.backend}/${server.server} ${server.status}`).join(", ")}`,
        `while down: 200 session starts from one address through the balancer answered ${JSON.stringify(sessionStarts.statuses)} (Retry-After ${sessionStarts.retryAfter}); 9 reports of one session ${quota.join(" ")}; ${leaving.name} stopped in ${Math.round(stopMs)} ms`,
        `pushes between nodes resumed ${Math.round(resumedMs)} ms after Redis was back`,
      ].join("\n"),
    );

    expect(ledger.unexpected).toEqual([]);
    expect(refusedWhileDown).toEqual({});
    expect(missing).toEqual(nothingMissing);
    expect(acknowledgedCount(ledger)).toBeGreaterThan(200);
    expect(whileDown.every((server) => server.status === "UP")).toBe(true);
    // Each node counts the address in its own window while Redis is away: 60 each at most, and a flood stopped.
    expect(Object.keys(sessionStarts.statuses).sort()).toEqual(["200", "429"]);
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(allowed).toBeLessThanOrEqual(3 * 60);
    expect(Number(sessionStarts.retryAfter)).toBeGreaterThan(0);
    expect(quota).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
    expect(stopMs).toBeLessThan(5000);
    expect(resumedMs).toBeLessThan(5000);
  });
});
