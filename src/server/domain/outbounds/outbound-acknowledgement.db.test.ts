import { describe, expect, test } from "bun:test";
import type { OutboundAction } from "../../../shared/outbound-api.ts";
import type { WidgetPush } from "../../../shared/widget-socket-pushes.ts";
import {
  acknowledge,
  call,
  createOtherProject,
  demoProjectId,
  expectNothingPushed,
  openSocket,
  outboundWrittenByHand,
  ping,
  startSession,
  type TestSession,
  type TestSocket,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { writtenByHand } from "../../test-support/written-by-hand.ts";
import { foldPingsOf } from "../sessions/ping-log-registry.ts";
import { insertSurvey } from "../surveys/surveys-repository.ts";
import type { createOutbound } from "./outbound-repository.ts";

let server: TestServer;
let projectId: string;
/** What the server published to the admins' sockets (`outbound-stats`). */
const staffPushes: unknown[] = [];

startBeforeAll(startTestServer, async (started) => {
  server = started;
  projectId = await demoProjectId(server.db.sql);
  const publish = server.fanout.publish.bind(server.fanout);
  server.fanout.publish = (topic, message) => {
    if (topic === "staff") staffPushes.push(JSON.parse(message));
    return publish(topic, message);
  };
});

type OutboundFields = Parameters<typeof createOutbound>[1];

/** Each test uses its own page, so content made by one test never matches another's sessions. */
const pageOf = (tag: string) => `https://shop.example/${tag}/home`;

function live(tag: string, type: OutboundFields["type"], fields: Partial<OutboundFields> = {}) {
  const config =
    type === "notification"
      ? { text: `Note ${tag}` }
      : type === "tour"
        ? { steps: [{ selector: "#a", message: "Go" }] }
        : { title: `${type} ${tag}` };
  return outboundWrittenByHand(server, {
    projectId,
    type,
    status: "live",
    name: `${type} ${tag}`,
    config,
    pageFilter: `/${tag}/`,
    pageFilterType: "contains",
    ...fields,
  });
}

async function withVisitor(check: (session: TestSession, socket: TestSocket) => Promise<void>) {
  const session = await startSession(server.mainUrl);
  const socket = await openSocket(server.mainUrl, session);
  try {
    await check(session, socket);
  } finally {
    socket.close();
  }
}

const offeredIds = (push: WidgetPush) =>
  (push.data as { a: OutboundAction[] }).a.map((action) => action.outbound);

/** Pings the page and answers the ids of the update it pushed. */
async function offersAfterPing(session: TestSession, socket: TestSocket, page: string) {
  expect((await ping(server.mainUrl, session, page)).status).toBe(200);
  return offeredIds(await socket.next());
}

async function delivery(outboundId: string, session: TestSession) {
  const [row] = await server.db.sql`SELECT shown_at, opened_at, completed_at, closed_at
    FROM widget_outbound_deliveries WHERE outbound_id = ${outboundId} AND session_id = ${session.gleapId}`;
  return row as
    | {
        shown_at: string | null;
        opened_at: string | null;
        completed_at: string | null;
        closed_at: string | null;
      }
    | undefined;
}

async function events(outboundId: string) {
  const rows = await server.db.sql`SELECT kind, count(*) AS n FROM widget_outbound_events
    WHERE outbound_id = ${outboundId} GROUP BY kind ORDER BY kind`;
  return Object.fromEntries(
    (rows as Array<{ kind: string; n: number }>).map((row) => [row.kind, Number(row.n)]),
  );
}

describe("POST /outbound/{id}/events", () => {
  test("counts delivered only on the shown acknowledgement, once per session, and tells the admins", async () => {
    const banner = await live("ack", "banner");
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("ack"))).toEqual([banner.id]);
      expect(await delivery(banner.id, session)).toEqual({
        shown_at: null,
        opened_at: null,
        completed_at: null,
        closed_at: null,
      });
      expect(await events(banner.id)).toEqual({});

      staffPushes.length = 0;
      const shown = await acknowledge(server.mainUrl, session, banner.id, "shown");
      expect(shown.status).toBe(200);
      expect(await shown.json()).toEqual({ recorded: true });
      expect(staffPushes).toEqual([{ name: "outbound-stats", data: { projectId, outboundId: banner.id } }]);
      const again = await acknowledge(server.mainUrl, session, banner.id, "shown");
      expect(await again.json()).toEqual({ recorded: false });
      expect(staffPushes).toHaveLength(1);

      await acknowledge(server.mainUrl, session, banner.id, "opened");
      const row = await delivery(banner.id, session);
      expect(row?.shown_at).toEqual(expect.any(String));
      expect(row?.opened_at).toEqual(expect.any(String));
      expect(await events(banner.id)).toEqual({ opened: 1, shown: 1 });
    });
  });

  test("refuses a bad event (400), another project's outbound and an unknown id (404), no session (401)", async () => {
    const banner = await live("refuse", "banner");
    const otherProject = await createOtherProject(server.db.sql);
    const foreign = await outboundWrittenByHand(server, {
      projectId: otherProject,
      type: "banner",
      status: "live",
      name: "Foreign",
      config: { title: "x" },
    });
    const session = await startSession(server.mainUrl);
    const bad = await call(server.mainUrl, session, "POST", `/outbound/${banner.id}/events`, {
      event: "seen",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field?: string }).field).toBe("event");
    expect((await call(server.mainUrl, session, "POST", `/outbound/${banner.id}/events`, "{")).status).toBe(
      400,
    );
    expect((await acknowledge(server.mainUrl, session, foreign.id, "shown")).status).toBe(404);
    expect((await acknowledge(server.mainUrl, session, "no-such-outbound", "shown")).status).toBe(404);
    expect(await delivery(foreign.id, session)).toBeUndefined();
    const anonymous = await fetch(`${server.mainUrl}/api/widget/outbound/${banner.id}/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: '{"event":"shown"}',
    });
    expect(anonymous.status).toBe(401);
  });

  test("a second banner waits behind the first and is pushed as soon as the first is closed", async () => {
    const first = await live("queue", "banner");
    const second = await live("queue", "banner");
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("queue"))).toEqual([first.id]);
      await acknowledge(server.mainUrl, session, first.id, "shown");
      // The first is on screen (once: not offered again); the second is offered, the widget holds it
      // back while its banner slot is busy (no shown acknowledgement), so it is offered again.
      expect(await offersAfterPing(session, socket, pageOf("queue"))).toEqual([second.id]);
      expect(await offersAfterPing(session, socket, pageOf("queue"))).toEqual([second.id]);
      expect((await delivery(second.id, session))?.shown_at).toBeNull();

      // Closing the first offers the next at once, without a ping.
      await acknowledge(server.mainUrl, session, first.id, "closed");
      expect(offeredIds(await socket.next())).toEqual([second.id]);
      await acknowledge(server.mainUrl, session, second.id, "shown");
      expect((await ping(server.mainUrl, session, pageOf("queue"))).status).toBe(200);
      await expectNothingPushed(server.fanout, session, socket, "both shown");
    });
  });

  test("priority orders the queue over publish time", async () => {
    const early = await live("prio", "modal");
    const urgent = await live("prio", "tour", { priority: 10 });
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("prio"))).toEqual([urgent.id]);
      await acknowledge(server.mainUrl, session, urgent.id, "shown");
      await acknowledge(server.mainUrl, session, urgent.id, "completed");
      expect(offeredIds(await socket.next())).toEqual([early.id]);
    });
  });

  test("until_closed is offered on every page view until closed; visit once per visit", async () => {
    const sticky = await live("freq", "banner", { frequency: "until_closed" });
    const perVisit = await live("freq", "modal", { frequency: "visit" });
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("freq"))).toEqual([sticky.id, perVisit.id]);
      await acknowledge(server.mainUrl, session, sticky.id, "shown");
      await acknowledge(server.mainUrl, session, perVisit.id, "shown");
      expect(await offersAfterPing(session, socket, pageOf("freq"))).toEqual([sticky.id]);

      // Forty minutes without activity: the next ping begins a new visit. (The pings so far folded
      // first, so the row written by hand is all there is of the session's activity.)
      await foldPingsOf(server.db.sql, [session.gleapId]);
      const longAgo = new Date(Date.now() - 40 * 60_000).toISOString();
      await writtenByHand(
        server,
        server.db.sql`UPDATE widget_sessions SET last_seen_at = ${longAgo}, visit_started_at = ${longAgo}
          WHERE id = ${session.gleapId}`,
      );
      await server.db.sql`UPDATE widget_outbound_deliveries SET last_shown_at = ${longAgo}
        WHERE outbound_id = ${perVisit.id} AND session_id = ${session.gleapId}`;
      expect(await offersAfterPing(session, socket, pageOf("freq"))).toEqual([sticky.id, perVisit.id]);
      await foldPingsOf(server.db.sql, [session.gleapId]);
      const [visit] = await server.db
        .sql`SELECT visit_started_at FROM widget_sessions WHERE id = ${session.gleapId}`;
      expect((visit as { visit_started_at: string }).visit_started_at > longAgo).toBe(true);
      await acknowledge(server.mainUrl, session, perVisit.id, "shown");

      await acknowledge(server.mainUrl, session, sticky.id, "closed");
      // The close offers what is next: nothing of either slot is due any more.
      await expectNothingPushed(server.fanout, session, socket, "closed");
      expect((await ping(server.mainUrl, session, pageOf("freq"))).status).toBe(200);
      await expectNothingPushed(server.fanout, session, socket, "all done");
    });
  });

  test("start and end times: not offered before or after", async () => {
    const minute = 60_000;
    const later = await live("sched", "banner", {
      startsAt: new Date(Date.now() + 10 * minute).toISOString(),
    });
    const over = await live("sched", "modal", { endsAt: new Date(Date.now() - minute).toISOString() });
    const now = await live("sched", "tour", {
      startsAt: new Date(Date.now() - minute).toISOString(),
      endsAt: new Date(Date.now() + 10 * minute).toISOString(),
    });
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("sched"))).toEqual([now.id]);
      expect(await delivery(later.id, session)).toBeUndefined();
      expect(await delivery(over.id, session)).toBeUndefined();
    });
  });

  test("answering a survey completes the survey outbound that offered it and offers the next", async () => {
    const surveyId = Bun.randomUUIDv7();
    await insertSurvey(
      server.db.sql,
      projectId,
      {
        title: "Quick survey",
        status: "live",
        questions: [{ id: "nps", type: "nps", title: "Recommend us?", required: true }],
      } as Parameters<typeof insertSurvey>[2],
      surveyId,
    );
    const survey = await live("survey", "survey", { config: { formId: surveyId, format: "survey" } });
    const modal = await live("survey", "modal");
    await withVisitor(async (session, socket) => {
      expect(await offersAfterPing(session, socket, pageOf("survey"))).toEqual([survey.id]);
      await acknowledge(server.mainUrl, session, survey.id, "shown");
      const answers = await call(server.mainUrl, session, "POST", `/surveys/${surveyId}/answers`, {
        answers: { nps: 9 },
      });
      expect(answers.status).toBe(201);
      expect((await delivery(survey.id, session))?.completed_at).toEqual(expect.any(String));
      expect(offeredIds(await socket.next())).toEqual([modal.id]);
    });
  });
});
