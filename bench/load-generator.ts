import { benchOptions } from "./cli-options.ts";
import { percentile } from "./latency-stats.ts";

/**
 * The load generator of bench/load.ts, a process of its own so the server under test never shares a
 * CPU's event loop with it. For `--seconds` it drives mixed widget traffic at a server started with
 * `RATE_LIMITS=0`, as a site with many visitors would:
 *   - `--visitors` sessions, each with its widget socket open for the whole run;
 *   - `--loops` closed loops of visitor requests: a page-view ping (most), a new session, an
 *     identify, a ~20 KB bug report (a few);
 *   - an admin who publishes a notification for every page every `--publish-every` seconds; its
 *     arrival is timed at every open socket.
 * It prints one JSON line on stdout: per kind, count, errors, p50 and p99 in ms.
 *
 *   bun bench/load-generator.ts --base http://127.0.0.1:3000 [--seconds 60] [--visitors 500]
 *     [--loops 32] [--publish-every 10] --admin-token TOKEN --project-id ID
 */

const { option, numbers } = benchOptions();
const base = option("base") ?? "";
const {
  seconds,
  visitors: visitorCount,
  loops: loopCount,
  "publish-every": publishEverySeconds,
} = numbers({ seconds: 60, visitors: 500, loops: 32, "publish-every": 10 });
const adminToken = option("admin-token") ?? "";
const projectId = option("project-id") ?? "";
if (!base || !adminToken || !projectId) {
  console.error("--base, --admin-token and --project-id are required");
  process.exit(2);
}

type Kind = "session" | "ping" | "identify" | "report" | "publish" | "publish-arrival" | "socket";
const latencies = new Map<Kind, number[]>();
const errors = new Map<Kind, number>();
const errorSamples: string[] = [];
const record = (kind: Kind, ms: number) => {
  const list = latencies.get(kind) ?? [];
  list.push(ms);
  latencies.set(kind, list);
};
const fail = (kind: Kind, why: string) => {
  errors.set(kind, (errors.get(kind) ?? 0) + 1);
  if (errorSamples.length < 10) errorSamples.push(`${kind}: ${why}`);
};

interface Session {
  headers: Record<string, string>;
  gleapId: string;
  gleapHash: string;
}

const api = `${base}/api/widget`;
const json = { "Content-Type": "application/json" };

async function timed(kind: Kind, request: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await request();
    const body = await response.arrayBuffer();
    if (!response.ok) {
      fail(kind, `${response.status} ${new TextDecoder().decode(body).slice(0, 120)}`);
      return null;
    }
    record(kind, performance.now() - started);
    return new Response(body, { status: response.status });
  } catch (error) {
    fail(kind, String(error));
    return null;
  }
}

async function startSession(): Promise<Session | null> {
  const response = await timed("session", () =>
    fetch(`${api}/sessions`, { method: "POST", headers: { ...json, "Api-Token": "demo" }, body: "{}" }),
  );
  if (!response) return null;
  const { gleapId, gleapHash } = (await response.json()) as { gleapId: string; gleapHash: string };
  return {
    gleapId,
    gleapHash,
    headers: { ...json, "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
  };
}

const pageView = (page: number) =>
  JSON.stringify({
    time: 30,
    type: "js",
    sdkVersion: "14.6.7",
    ws: true,
    events: [
      { name: "pageView", date: new Date().toISOString(), data: { page: `https://shop.example/p/${page}` } },
    ],
  });

/** A bug report of about 20 KB: logs near a real page's, a small snapshot. */
function reportBody(index: number): string {
  const consoleLog = Array.from({ length: 60 }, (_, i) => ({
    log: `[app] step ${i} of visit ${index}; state=${"x".repeat(120)}`,
    date: new Date().toISOString(),
    priority: i % 10 === 0 ? "ERROR" : "INFO",
  }));
  return JSON.stringify({
    type: "BUG",
    priority: "MEDIUM",
    formData: { description: `Checkout does nothing (${index})`, reportedBy: "ada@example.com" },
    metaData: { browserName: "Chrome 156", currentUrl: "https://shop.example/cart", sdkVersion: "14.6.7" },
    consoleLog,
    networkLogs: [],
    customEventLog: [],
    screenshotData: {
      html: `<html><body>${"<div class='row'>item</div>".repeat(400)}</body></html>`,
      baseUrl: "https://shop.example",
      width: 1280,
      height: 800,
    },
  });
}

/** Outbound ids published by the admin, with the time of the publish request. */
const published = new Map<string, number>();
const sockets: WebSocket[] = [];

function openSocket(session: Session): Promise<void> {
  const query = new URLSearchParams({
    gleapId: session.gleapId,
    gleapHash: session.gleapHash,
    apiKey: "demo",
    sdkVersion: "14.6.7",
  });
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/api/widget/ws?${query}`);
    // The first message naming a publish is its arrival at this visitor (later ones repeat it).
    const arrived = new Set<string>();
    socket.addEventListener("message", (event) => {
      const text = String(event.data);
      for (const [id, at] of published) {
        if (arrived.has(id) || !text.includes(id)) continue;
        arrived.add(id);
        record("publish-arrival", performance.now() - at);
      }
    });
    socket.addEventListener("open", () => {
      sockets.push(socket);
      resolve();
    });
    socket.addEventListener("error", () => {
      fail("socket", "the socket did not open or broke");
      resolve();
    });
  });
}

async function publishOne(round: number): Promise<void> {
  const admin = { ...json, Authorization: `Bearer ${adminToken}` };
  const projects = `${base}/api/projects/${projectId}`;
  const created = await timed("publish", () =>
    fetch(`${projects}/outbounds`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({
        type: "notification",
        name: `Load ${round}`,
        config: { text: `Round ${round}: we answer within minutes.`, sender: { name: "Lena" } },
      }),
    }),
  );
  if (!created) return;
  const { id } = (await created.json()) as { id: string };
  published.set(id, performance.now());
  await timed("publish", () =>
    fetch(`${projects}/outbounds/${id}/publish`, { method: "POST", headers: admin }),
  );
}

const runUntil = performance.now() + seconds * 1000;

// Visitors first: each opens its socket and sends its first page view (so publishes match it).
const visitors: Session[] = [];
for (let start = 0; start < visitorCount; start += 50) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(50, visitorCount - start) }, async (_, i) => {
      const session = await startSession();
      if (!session) return null;
      await timed("ping", () =>
        fetch(`${api}/sessions/ping`, {
          method: "POST",
          headers: session.headers,
          body: pageView(start + i),
        }),
      );
      await openSocket(session);
      return session;
    }),
  );
  for (const session of batch) if (session) visitors.push(session);
}

let step = 0;
async function loop(): Promise<void> {
  while (performance.now() < runUntil) {
    const turn = step++;
    const visitor = visitors[turn % Math.max(1, visitors.length)];
    if (!visitor) return;
    const dice = turn % 100;
    if (dice < 80)
      await timed("ping", () =>
        fetch(`${api}/sessions/ping`, { method: "POST", headers: visitor.headers, body: pageView(turn) }),
      );
    else if (dice < 90) await startSession();
    else if (dice < 97)
      await timed("identify", () =>
        fetch(`${api}/sessions/identify`, {
          method: "POST",
          headers: visitor.headers,
          body: JSON.stringify({ userId: `user-${turn % 1000}`, email: `user${turn % 1000}@example.com` }),
        }),
      );
    else
      await timed("report", () =>
        fetch(`${api}/bugs/v2`, { method: "POST", headers: visitor.headers, body: reportBody(turn) }),
      );
  }
}

async function publisher(): Promise<void> {
  let round = 0;
  while (performance.now() + publishEverySeconds * 1000 < runUntil) {
    await Bun.sleep(publishEverySeconds * 1000);
    await publishOne(++round);
  }
}

const measuredFrom = performance.now();
await Promise.all([...Array.from({ length: loopCount }, loop), publisher()]);
// The last publish's messages may still be on their way.
await Bun.sleep(1000);
const elapsed = (performance.now() - measuredFrom) / 1000;
for (const socket of sockets) socket.close();

const kinds: Kind[] = ["ping", "session", "identify", "report", "publish", "publish-arrival", "socket"];
const result = {
  seconds: elapsed,
  visitors: visitors.length,
  sockets: sockets.length,
  publishes: published.size,
  kinds: Object.fromEntries(
    kinds.map((kind) => {
      const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
      return [
        kind,
        {
          count: sorted.length,
          errors: errors.get(kind) ?? 0,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        },
      ];
    }),
  ),
  errorSamples,
};
console.log(JSON.stringify(result));
