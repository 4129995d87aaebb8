import { expect } from "bun:test";
import type { SQL } from "bun";
import { unreadCountPush, type WidgetPush } from "../../shared/widget-socket-pushes.ts";
import { createOutbound, type Outbound } from "../domain/outbounds/outbound-repository.ts";
import type { Fanout } from "../realtime/fanout.ts";
import { pushToSession } from "../realtime/widget-socket.ts";
import { callApi } from "./api-calls.ts";
import { writtenByHand } from "./written-by-hand.ts";

/** Helpers for the outbound integration tests: sessions, calls with their headers, a real socket. */

export interface TestSession {
  gleapId: string;
  gleapHash: string;
}

export async function demoProjectId(sql: SQL): Promise<string> {
  const [row] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  if (!row) throw new Error("The demo project is not seeded");
  return (row as { id: string }).id;
}

/**
 * An outbound written straight to the database, as content a test starts from; the server forgets
 * what it kept of the project's content (writtenByHand), as the admin API's write would make it.
 */
export function outboundWrittenByHand(
  server: Parameters<typeof writtenByHand>[0],
  fields: Parameters<typeof createOutbound>[1],
): Promise<Outbound> {
  return writtenByHand(server, createOutbound(server.db.sql, fields));
}

/** A second project, to check that one project's content stays out of another's reach. */
export async function createOtherProject(sql: SQL): Promise<string> {
  const id = Bun.randomUUIDv7();
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${id}, ${"Other"}, ${`other-${id}`}, ${"secret"}, ${"{}"}, ${new Date().toISOString()})`;
  return id;
}

/** A new widget session of project `sdkKey` (the demo's unless named) whose loader said `lang`. */
export async function startSession(mainUrl: string, lang = "en", sdkKey = "demo"): Promise<TestSession> {
  const response = await fetch(`${mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": sdkKey },
    body: JSON.stringify({ lang }),
  });
  if (response.status !== 200) throw new Error(`Session start answered ${response.status}`);
  return (await response.json()) as TestSession;
}

/** A demo-project session's headers for a JSON body; the widget itself names the charset, as the default does. */
export const sessionHeaders = (
  session: TestSession,
  contentType = "application/json;charset=UTF-8",
): Record<string, string> => ({
  "Content-Type": contentType,
  "Api-Token": "demo",
  "Gleap-Id": session.gleapId,
  "Gleap-Hash": session.gleapHash,
});

/** Calls the widget API as the session; a string body is sent as it is, anything else as JSON. */
export function call(
  mainUrl: string,
  session: TestSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${mainUrl}/api/widget${path}`, {
    method,
    headers: sessionHeaders(session),
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function ping(mainUrl: string, session: TestSession, page: string): Promise<Response> {
  return call(mainUrl, session, "POST", "/sessions/ping", {
    time: 5,
    events: [{ name: "pageView", date: new Date().toISOString(), data: { page } }],
  });
}

export interface TestSocket {
  /** The next message the server pushed, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<WidgetPush>;
  close(): void;
}

/**
 * The next push that is not a bare unread count (`update` with no actions). A socket that opens is told
 * its unread count as soon as the server has counted, which may be after something the test did next:
 * that count may then arrive before or after the pushes the test waits for, and says nothing new.
 */
export async function nextBesidesCount(socket: TestSocket, timeoutMs?: number): Promise<WidgetPush> {
  for (;;) {
    const push = await socket.next(timeoutMs);
    if (!isBareCount(push)) return push;
  }
}

/**
 * The next push, passing over bare unread counts that say anything but `unread`: the count a socket is
 * told when it opens, read late, says what was unread at that moment (an earlier figure) and may come
 * before the count the test waits for. Any other push is answered as it is, for the test to refuse.
 */
export async function nextCountOf(
  socket: TestSocket,
  unread: number,
  timeoutMs?: number,
): Promise<WidgetPush> {
  for (;;) {
    const push = await socket.next(timeoutMs);
    if (!isBareCount(push) || (push.data as { u?: unknown }).u === unread) return push;
  }
}

/**
 * The next push besides the count a socket that opened with nothing unread may be told late: one bare
 * count saying `unread` (what was unread when the server counted) is passed over, once; anything else,
 * a bare count of another figure too, is answered for the test to check.
 */
export async function nextBesidesLateCount(
  socket: TestSocket,
  unread: number,
  timeoutMs?: number,
): Promise<WidgetPush> {
  const push = await socket.next(timeoutMs);
  const late = isBareCount(push) && (push.data as { u?: unknown }).u === unread;
  return late ? socket.next(timeoutMs) : push;
}

/** An `update` with no actions: the unread count alone. */
function isBareCount(push: WidgetPush): boolean {
  const data = push.data as { a?: unknown[] } | undefined;
  return push.name === "update" && Array.isArray(data?.a) && data.a.length === 0;
}

/** Opens the widget websocket as the reference client does (query credentials, no headers). */
export async function openSocket(mainUrl: string, session: TestSession): Promise<TestSocket> {
  const query = new URLSearchParams({
    gleapId: session.gleapId,
    gleapHash: session.gleapHash,
    apiKey: "demo",
    sdkVersion: "14.6.7",
  });
  const socket = new WebSocket(`${mainUrl.replace("http", "ws")}/api/widget/ws?${query}`);
  const queue: WidgetPush[] = [];
  const waiting: Array<(push: WidgetPush) => void> = [];
  socket.addEventListener("message", (event) => {
    const push = JSON.parse(String(event.data)) as WidgetPush;
    const waiter = waiting.shift();
    if (waiter) waiter(push);
    else queue.push(push);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("The widget socket did not open")), {
      once: true,
    });
  });
  return {
    next(timeoutMs = 3000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(deliver), 1);
          reject(new Error(`No socket message within ${timeoutMs} ms`));
        }, timeoutMs);
        const deliver = (push: WidgetPush) => {
          clearTimeout(timer);
          resolve(push);
        };
        waiting.push(deliver);
      });
    },
    close: () => socket.close(),
  };
}

/** A push the test sends itself: the next message after it proves nothing else was sent before. */
export const sentinel = (label: string): WidgetPush =>
  ({ name: "checklist", data: { sentinel: label } }) as unknown as WidgetPush;

/** Proves the session's socket got nothing since its last read: the next message is the test's own sentinel. */
export async function expectNothingPushed(
  fanout: Fanout,
  session: TestSession,
  socket: TestSocket,
  label: string,
): Promise<void> {
  expect(await pushesBeforeSentinel(fanout, session, socket, label)).toEqual([]);
}

/**
 * As expectNothingPushed, for a socket that opened while its session had nothing unread and now has
 * `unread`: the count the server reads when a socket opens may have been read after the test acted, and
 * arrive now as a bare `update` saying `unread`. That one push, once at most, is let through; nothing else
 * (with nothing unread, nothing at all: a socket that opens with nothing unread is told no count).
 */
export async function expectNothingPushedBesidesLateCount(
  fanout: Fanout,
  session: TestSession,
  socket: TestSocket,
  label: string,
  unread: number,
): Promise<void> {
  const pushes = await pushesBeforeSentinel(fanout, session, socket, label);
  const lateCount = unreadCountPush(unread);
  expect(pushes.filter((push) => unread === 0 || !Bun.deepEquals(push, lateCount))).toEqual([]);
  expect(pushes.length).toBeLessThanOrEqual(1);
}

/** What the session's socket gets from now until the test's own sentinel, sent after everything before. */
export async function pushesBeforeSentinel(
  fanout: Fanout,
  session: TestSession,
  socket: TestSocket,
  label: string,
): Promise<WidgetPush[]> {
  await pushToSession(fanout, session.gleapId, sentinel(label));
  const pushes: WidgetPush[] = [];
  const end = JSON.stringify(sentinel(label));
  for (let push = await socket.next(); JSON.stringify(push) !== end; push = await socket.next())
    pushes.push(push);
  return pushes;
}

/** The widget's acknowledgement of an outbound: `POST /outbound/{id}/events`. */
export function acknowledge(
  mainUrl: string,
  session: TestSession,
  outboundId: string,
  event: "shown" | "opened" | "completed" | "closed",
): Promise<Response> {
  return call(mainUrl, session, "POST", `/outbound/${encodeURIComponent(outboundId)}/events`, { event });
}

/**
 * Creates a modal for pages whose address contains `page` through the admin API, as the admin signed in
 * with `token`, and publishes it (expecting a 200); answers the modal's id.
 */
export async function publishModal(
  mainUrl: string,
  admin: { projectId: string; token: string },
  name: string,
  page: string,
): Promise<string> {
  const post = (path: string, body?: unknown) =>
    callApi(mainUrl, "POST", `/api/projects/${admin.projectId}${path}`, body, admin.token);
  const created = await post("/outbounds", {
    type: "modal",
    name,
    config: { title: "Hello" },
    pageFilter: page,
    pageFilterType: "contains",
  });
  const { id } = (await created.json()) as { id: string };
  expect((await post(`/outbounds/${id}/publish`)).status).toBe(200);
  return id;
}

/**
 * Publishes a modal as `publishModal` does and expects the next push on `socket` (a session on a page
 * the modal is for) besides a bare unread count to be the update that offers it.
 */
export async function expectModalPushedTo(
  socket: TestSocket,
  mainUrl: string,
  admin: { projectId: string; token: string },
  name: string,
  page: string,
): Promise<void> {
  const id = await publishModal(mainUrl, admin, name, page);
  // A count the socket was told late on opening (the session may have unread messages) is no offer.
  expect(await nextBesidesCount(socket)).toMatchObject({
    name: "update",
    data: { a: [{ actionType: "modal", outbound: id }] },
  });
}
