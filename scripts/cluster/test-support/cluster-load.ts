import { expect } from "bun:test";
import type { SQL } from "bun";
import type { Conversation, ConversationMessage } from "../../../src/shared/conversations-api.ts";

/**
 * Mixed widget and staff traffic through the cluster's balancer, as visitors and a support team make
 * it, with a ledger of every write that was answered 2xx, so a test can kill a node (or Redis) under it
 * and then look each acknowledged write up. Every visitor is a session of its own from an address of
 * its own (X-Forwarded-For, which the nodes trust from haproxy on loopback), so the rate limits and
 * quotas stay on, as in production, without one test address using them up:
 *   - pinging visitors: a session start, then page views one ping at a time (a new visitor every 100);
 *   - reporting visitors: a session start and one bug report with a page snapshot and a web replay,
 *     both large enough to be stored in S3;
 *   - chatting visitors: a session start and a conversation, which staff answer;
 *   - staff: internal notes on one report.
 * The loops go on through errors (a node is gone, haproxy has not noticed yet) until told to stop.
 */

export interface ClusterLedger {
  sessions: string[];
  /** The pinged pages: each ping carries one page view of its own. */
  pages: string[];
  reports: Array<{ id: string; body: number }>;
  conversations: Array<{ id: string; shareToken: string; visitorMessage: string }>;
  /** Staff replies: the message and its conversation. */
  replies: Array<{ id: string; conversationId: string }>;
  notes: string[];
  /** Every answer, whatever its status. */
  answered: number;
  /** Answers and failures that acknowledged nothing but may happen while a node dies: 502, 503, connection errors. */
  refused: Record<string, number>;
  /** Anything else (a 500, a 429, a 504): each one fails the test. */
  unexpected: string[];
}

export interface ClusterTarget {
  /** The balancer. */
  mainUrl: string;
  adminToken: string;
  projectId: string;
  /** The report the staff notes are written on. */
  reportId: string;
  /** Report bodies (JSON text) the reporting visitors send, in turn. */
  reportBodies: readonly string[];
  /** The cluster's database: staff find a conversation's id by its share token there. */
  sql: SQL;
}

/**
 * Each kind of write the load acknowledges, none yet: how a ledger starts, and what a test expects to
 * find missing afterwards.
 */
export function noWrites() {
  return { sessions: [], pages: [], reports: [], conversations: [], replies: [], notes: [] };
}

export function newClusterLedger(): ClusterLedger {
  return {
    ...noWrites(),
    answered: 0,
    refused: {},
    unexpected: [],
  };
}

export const acknowledgedCount = (ledger: ClusterLedger) =>
  ledger.sessions.length +
  ledger.pages.length +
  ledger.reports.length +
  ledger.conversations.length +
  ledger.replies.length +
  ledger.notes.length;

let visitors = 0;

/** An address of its own for the next visitor: 10.x.y.z, counted up. */
export function nextVisitorAddress(): string {
  visitors++;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** What a visitor sends with every call. */
export interface Visitor {
  address: string;
  gleapId: string;
  gleapHash: string;
}

export const visitorHeaders = (visitor: Visitor): Record<string, string> => ({
  "Content-Type": "application/json",
  "Api-Token": "demo",
  "Gleap-Id": visitor.gleapId,
  "Gleap-Hash": visitor.gleapHash,
  "X-Forwarded-For": visitor.address,
});

/** The error's code (`ECONNREFUSED`, `ConnectionClosed`, …) or its name. */
const failureOf = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.name : String(error));

/** Statuses a request may get while a node dies under it; anything but these and 2xx is unexpected. */
const refusedStatuses = new Set([502, 503]);

/**
 * One request, counted: the parsed JSON of a 2xx answer, or null when it acknowledged nothing (the
 * reason is counted, or listed as unexpected).
 */
export async function send<T>(
  ledger: ClusterLedger,
  url: string,
  init: RequestInit,
  what: string,
): Promise<T | null> {
  try {
    const response = await fetch(url, init);
    ledger.answered++;
    const text = await response.text();
    if (response.ok) return (text === "" ? {} : JSON.parse(text)) as T;
    if (refusedStatuses.has(response.status))
      ledger.refused[response.status] = (ledger.refused[response.status] ?? 0) + 1;
    else ledger.unexpected.push(`${what} ${response.status} ${text.slice(0, 200)}`);
  } catch (error) {
    const code = failureOf(error);
    ledger.refused[code] = (ledger.refused[code] ?? 0) + 1;
  }
  return null;
}

/** A new visitor: a session start from an address of its own; null when it was not acknowledged. */
export async function startVisitor(mainUrl: string, ledger: ClusterLedger): Promise<Visitor | null> {
  const address = nextVisitorAddress();
  const session = await send<{ gleapId: string; gleapHash: string }>(
    ledger,
    `${mainUrl}/api/widget/sessions`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo", "X-Forwarded-For": address },
      body: '{"lang":"en"}',
    },
    "session start",
  );
  if (!session) return null;
  ledger.sessions.push(session.gleapId);
  return { address, gleapId: session.gleapId, gleapHash: session.gleapHash };
}

type Loop = (
  target: ClusterTarget,
  ledger: ClusterLedger,
  running: () => boolean,
  index: number,
) => Promise<void>;

/** A failed step is followed by a short pause, so the loops do not spin while no node answers. */
const pause = () => Bun.sleep(10);

const pingingVisitor: Loop = async (target, ledger, running, index) => {
  while (running()) {
    const visitor = await startVisitor(target.mainUrl, ledger);
    if (!visitor) {
      await pause();
      continue;
    }
    for (let n = 0; n < 100 && running(); n++) {
      const page = `/ping-${index}-${n}-${Bun.randomUUIDv7()}`;
      const answer = await send(
        ledger,
        `${target.mainUrl}/api/widget/sessions/ping`,
        {
          method: "POST",
          headers: visitorHeaders(visitor),
          body: JSON.stringify({ time: 1, events: [{ name: "pageView", data: { page } }] }),
        },
        "ping",
      );
      if (answer) ledger.pages.push(page);
      else await pause();
    }
  }
};

const reportingVisitor: Loop = async (target, ledger, running, index) => {
  for (let n = index; running(); n++) {
    const visitor = await startVisitor(target.mainUrl, ledger);
    if (!visitor) {
      await pause();
      continue;
    }
    const body = n % target.reportBodies.length;
    const report = await send<{ id: string }>(
      ledger,
      `${target.mainUrl}/api/widget/bugs/v2`,
      { method: "POST", headers: visitorHeaders(visitor), body: target.reportBodies[body] },
      "report",
    );
    if (report) ledger.reports.push({ id: report.id, body });
    else await pause();
  }
};

const adminHeaders = (target: ClusterTarget) => ({
  "Content-Type": "application/json",
  Authorization: `Bearer ${target.adminToken}`,
});

/** The staff side of a conversation: its id, looked up as the inbox would list it. */
async function conversationId(target: ClusterTarget, shareToken: string): Promise<string | null> {
  const [row] = await target.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
  return row ? String((row as { id: string }).id) : null;
}

/** The visitor's new conversation through the balancer (expecting a 201): its staff-side id. */
export async function startChat(target: ClusterTarget, visitor: Visitor, text: string): Promise<string> {
  const started = await fetch(`${target.mainUrl}/api/widget/conversations`, {
    method: "POST",
    headers: visitorHeaders(visitor),
    body: JSON.stringify({ text }),
  });
  expect(started.status).toBe(201);
  const { shareToken } = (await started.json()) as Conversation;
  const id = await conversationId(target, shareToken);
  if (id === null) throw new Error(`no conversation ${shareToken}`);
  return id;
}

/** Staff answer a conversation through the balancer; the reply's message, or null. */
export async function staffReply(
  target: ClusterTarget,
  ledger: ClusterLedger,
  conversation: string,
  text: string,
): Promise<ConversationMessage | null> {
  const reply = await send<ConversationMessage>(
    ledger,
    `${target.mainUrl}/api/projects/${target.projectId}/conversations/${conversation}/messages`,
    { method: "POST", headers: adminHeaders(target), body: JSON.stringify({ text }) },
    "staff reply",
  );
  if (reply) ledger.replies.push({ id: reply.id, conversationId: conversation });
  return reply;
}

const chattingVisitor: Loop = async (target, ledger, running, index) => {
  for (let n = 0; running(); n++) {
    const visitor = await startVisitor(target.mainUrl, ledger);
    if (!visitor) {
      await pause();
      continue;
    }
    const started = await send<Conversation>(
      ledger,
      `${target.mainUrl}/api/widget/conversations`,
      {
        method: "POST",
        headers: visitorHeaders(visitor),
        body: JSON.stringify({ text: `chat ${index}-${n}: the export button does nothing` }),
      },
      "conversation start",
    );
    const first = started?.messages[0];
    if (!started || !first) {
      await pause();
      continue;
    }
    const id = await conversationId(target, started.shareToken);
    if (!id) throw new Error(`an acknowledged conversation ${started.shareToken} is not in the database`);
    ledger.conversations.push({ id, shareToken: started.shareToken, visitorMessage: first.id });
    if (!(await staffReply(target, ledger, id, `<p>Looking into it (${index}-${n})</p>`))) await pause();
  }
};

const staffNotes: Loop = async (target, ledger, running, index) => {
  for (let n = 0; running(); n++) {
    const text = `note ${index}-${n}-${Bun.randomUUIDv7()}`;
    const note = await send(
      ledger,
      `${target.mainUrl}/api/feedback/${target.reportId}/notes`,
      { method: "POST", headers: adminHeaders(target), body: JSON.stringify({ text }) },
      "staff note",
    );
    if (note) ledger.notes.push(text);
    else await pause();
  }
};

const loops = { ping: pingingVisitor, report: reportingVisitor, chat: chattingVisitor, note: staffNotes };

/** Runs `counts` loops of each kind until `running()` turns false; resolves when every loop ended. */
export async function runClusterLoad(
  target: ClusterTarget,
  ledger: ClusterLedger,
  running: () => boolean,
  counts: Partial<Record<keyof typeof loops, number>>,
): Promise<void> {
  await Promise.all(
    Object.entries(counts).flatMap(([kind, count]) =>
      Array.from({ length: count ?? 0 }, (_, index) =>
        loops[kind as keyof typeof loops](target, ledger, running, index),
      ),
    ),
  );
}
