import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { createConnectedWidgets } from "../../realtime/connected-widgets.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { addMessage, openEmptyConversation } from "../conversations/conversations-repository.ts";
import { findProjectById } from "../projects/projects-repository.ts";
import { createSession, findSessionById } from "../sessions/sessions-repository.ts";
import { idsPerStatement, recordOfferSet } from "./connected-offers-repository.ts";
import { deliverToConnectedWidgets } from "./live-delivery.ts";
import { deliverOutboundActions } from "./outbound-delivery.ts";
import { createOutbound } from "./outbound-repository.ts";

let server: TestServer;

startBeforeAll(startTestServer, async (started) => {
  server = started;
});

/**
 * The statements a query function runs: each tagged-template call and each `unsafe` call is one
 * (a `sql(list)` helper inside a template is not), whatever engine runs them.
 */
function countingSql(sql: SQL): { sql: SQL; statements: () => number } {
  let count = 0;
  const isTemplate = (value: unknown) => Array.isArray(value) && "raw" in value;
  const counted = new Proxy(sql, {
    apply(target, thisArg, args: unknown[]) {
      if (isTemplate(args[0])) count += 1;
      return Reflect.apply(target, thisArg, args);
    },
    get(target, key) {
      if (key === "unsafe") {
        return (...args: Parameters<SQL["unsafe"]>) => {
          count += 1;
          return target.unsafe(...args);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { sql: counted, statements: () => count };
}

/** A fan-out that keeps what is published, to this process or through the shared channel. */
function recordingFanout(): { fanout: Fanout; sent: Map<string, string[]>; localOnly: () => boolean } {
  const sent = new Map<string, string[]>();
  let throughChannel = 0;
  const keep = (topic: string, message: string) => sent.set(topic, [...(sent.get(topic) ?? []), message]);
  return {
    fanout: {
      async publish(topic, message) {
        throughChannel += 1;
        keep(topic, message);
      },
      publishHere: keep,
      async signal() {},
      onSignal() {},
      processes: async () => 1,
      async close() {},
    },
    sent,
    localOnly: () => throughChannel === 0,
  };
}

const pages = [
  "https://shop.example/a/pricing",
  "https://shop.example/b/checkout",
  null,
  "https://shop.example/c/pricing",
];
const names = ["Ann", null, "Bo <b>"];

/** `count` sessions of the project: pages, names and identification vary with their index. */
async function seedVisitors(projectId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const session = await createSession(server.db.sql, projectId, {
      userId: index % 3 === 0 ? `user-${projectId}-${index}` : null,
    });
    await server.db.sql`UPDATE widget_sessions SET name = ${names[index % names.length] ?? null},
      last_page = ${pages[index % pages.length] ?? null} WHERE id = ${session.id}`;
    ids.push(session.id);
  }
  return ids;
}

const minutesFromNow = (count: number) => new Date(Date.now() + count * 60_000).toISOString();

/** Live content of every kind the queue ranks, with filters, audiences, schedules and priorities. */
async function seedContent(projectId: string) {
  const make = (fields: Omit<Parameters<typeof createOutbound>[1], "projectId" | "status">) =>
    createOutbound(server.db.sql, { projectId, status: "live", ...fields });
  return {
    pricing: await make({
      type: "notification",
      name: "Pricing",
      config: { text: "Hi {{name}}, prices changed", sender: { name: "Kim" } },
      pageFilter: "/pricing",
      pageFilterType: "endswith",
    }),
    urgent: await make({ type: "notification", name: "Urgent", config: { text: "Urgent" }, priority: 5 }),
    members: await make({
      type: "notification",
      name: "Members",
      config: { text: "For members" },
      audience: "identified",
    }),
    later: await make({
      type: "notification",
      name: "Later",
      config: { text: "Not yet" },
      startsAt: minutesFromNow(60),
    }),
    banner: await make({
      type: "banner",
      name: "Checkout banner",
      config: { format: "floating", text: "Free shipping, {{name}}" },
      pageFilter: "checkout",
      pageFilterType: "contains",
    }),
    modal: await make({ type: "modal", name: "Modal", config: { title: "Welcome" }, priority: 1 }),
    survey: await make({
      type: "survey",
      name: "Survey",
      config: { format: "survey_full", formId: "nps-form" },
      priority: 2,
      audience: "anonymous",
    }),
    everyVisit: await make({
      type: "modal",
      name: "Every visit",
      config: { title: "Again" },
      priority: 1,
      frequency: "visit",
    }),
  };
}

type Content = Awaited<ReturnType<typeof seedContent>>;

/** Delivery rows from before the publish: some offered and not shown, some shown, one closed. */
async function seedDeliveries(content: Content, sessionIds: string[]): Promise<void> {
  const at = minutesFromNow(-5);
  for (const [index, sessionId] of sessionIds.entries()) {
    if (index % 4 === 1) {
      await server.db.sql`INSERT INTO widget_outbound_deliveries (outbound_id, session_id, delivered_at)
        VALUES (${content.urgent.id}, ${sessionId}, ${at})`;
    }
    if (index % 5 === 2) {
      await server.db.sql`INSERT INTO widget_outbound_deliveries
        (outbound_id, session_id, delivered_at, shown_at, last_shown_at)
        VALUES (${content.survey.id}, ${sessionId}, ${at}, ${at}, ${at})`;
    }
    if (index % 7 === 3) {
      await server.db.sql`INSERT INTO widget_outbound_deliveries
        (outbound_id, session_id, delivered_at, shown_at, last_shown_at, read_at)
        VALUES (${content.modal.id}, ${sessionId}, ${at}, ${at}, ${at}, ${at})`;
    }
  }
}

/** The (outbound, session) pairs with a delivery row. */
async function deliveryKeys(sessionIds: string[]): Promise<Set<string>> {
  const rows = await server.db.sql`SELECT outbound_id, session_id FROM widget_outbound_deliveries
    WHERE session_id IN ${server.db.sql(sessionIds)}`;
  return new Set(
    (rows as Array<{ outbound_id: string; session_id: string }>).map(
      (row) => `${row.outbound_id}/${row.session_id}`,
    ),
  );
}

/** The pushes per topic, with the notifications' `createdAt` (the time of sending) left out. */
function comparable(sent: Map<string, string[]>): Record<string, unknown[]> {
  const withoutTimes = (message: string) =>
    JSON.parse(message, (key, value: unknown) => (key === "createdAt" ? undefined : value)) as unknown;
  return Object.fromEntries(
    [...sent.entries()].map(([topic, messages]) => [topic, messages.map(withoutTimes)] as const),
  );
}

async function connect(projectId: string, sessionIds: string[]) {
  const connected = createConnectedWidgets();
  for (const sessionId of sessionIds) connected.add(projectId, sessionId);
  return connected;
}

/** Publishes the project's content to its connected sessions: the statements it took and what it pushed. */
async function countedDelivery(projectId: string, sessionIds: string[]) {
  const counting = countingSql(server.db.sql);
  const recording = recordingFanout();
  await deliverToConnectedWidgets(
    { sql: counting.sql, fanout: recording.fanout },
    await connect(projectId, sessionIds),
    projectId,
  );
  return { statements: counting.statements(), pushed: recording.sent.size, sent: recording.sent };
}

describe("publishing to the connected widgets as one set operation", () => {
  test("each visitor gets what a ping's delivery would send them, and the same delivery rows", async () => {
    const projectId = await createOtherProject(server.db.sql);
    const sessionIds = await seedVisitors(projectId, 24);
    const content = await seedContent(projectId);
    await seedDeliveries(content, sessionIds);
    // A staff message the visitor has not read counts in the badge too.
    const [withMessage] = sessionIds;
    const conversation = await openEmptyConversation(server.db.sql, {
      projectId,
      sessionId: withMessage ?? "",
      subject: "Hello",
    });
    await addMessage(server.db.sql, conversation, { author: "staff", text: "Can we help?" });
    // A session merged into another stands for that one, as a ping's lookup resolves it.
    const [mergedFrom] = await seedVisitors(projectId, 1);
    await server.db
      .sql`UPDATE widget_sessions SET merged_into = ${sessionIds[1] ?? ""} WHERE id = ${mergedFrom ?? ""}`;
    const connectedIds = [...sessionIds.filter((_, index) => index !== 1), mergedFrom ?? ""];
    const before = await deliveryKeys(sessionIds);

    const batch = recordingFanout();
    await deliverToConnectedWidgets(
      { sql: server.db.sql, fanout: batch.fanout },
      await connect(projectId, connectedIds),
      projectId,
    );
    const afterBatch = await deliveryKeys(sessionIds);
    expect(batch.localOnly()).toBe(true);

    // The same publish, one session after another as it once ran: undo the batch's rows first.
    for (const key of afterBatch) {
      if (before.has(key)) continue;
      const [outboundId, sessionId] = key.split("/");
      await server.db.sql`DELETE FROM widget_outbound_deliveries
        WHERE outbound_id = ${outboundId ?? ""} AND session_id = ${sessionId ?? ""}`;
    }
    const oneByOne = recordingFanout();
    const project = await findProjectById(server.db.sql, projectId);
    if (!project) throw new Error("The project is missing");
    for (const sessionId of connectedIds) {
      const session = await findSessionById(server.db.sql, sessionId);
      if (session)
        await deliverOutboundActions({ sql: server.db.sql, fanout: oneByOne.fanout }, project, session);
    }

    expect(comparable(batch.sent)).toEqual(comparable(oneByOne.sent));
    expect(await deliveryKeys(sessionIds)).toEqual(afterBatch);

    // The scenario is not trivial: visitors without a matching page get nothing, the others differ.
    const pushes = comparable(batch.sent);
    expect(Object.keys(pushes).length).toBeGreaterThan(6);
    expect(Object.keys(pushes).length).toBeLessThanOrEqual(sessionIds.length);
    expect(pushes[`session:${sessionIds[1]}`]).toHaveLength(1);
    const actions = (push: unknown) =>
      (push as { data: { a: Array<{ outbound: string; data: Record<string, unknown> }> } }).data.a;
    // Session 0: identified, Ann, on /a/pricing, one unread staff message.
    const first = pushes[`session:${sessionIds[0]}`]?.[0];
    expect(actions(first).map((action) => action.outbound)).toEqual([
      content.modal.id,
      content.urgent.id,
      content.pricing.id,
    ]);
    expect(actions(first)[2]?.data).toEqual({ text: "Hi Ann, prices changed", sender: { name: "Kim" } });
    expect((first as { data: { u: number } }).data.u).toBe(3);
    // Session 5: anonymous, Bo, on /b/checkout: the banner names them, the survey heads the takeover queue.
    expect(actions(pushes[`session:${sessionIds[5]}`]?.[0]).map((action) => action.outbound)).toEqual([
      content.banner.id,
      content.survey.id,
      content.urgent.id,
    ]);
    expect(actions(pushes[`session:${sessionIds[5]}`]?.[0])[0]?.data).toEqual({
      text: "Free shipping, Bo &lt;b&gt;",
    });
    expect(
      Object.values(pushes)
        .flat()
        .flatMap(actions)
        .map((action) => action.outbound),
    ).not.toContain(content.later.id);
  });

  test("the statements do not grow with the visitors", async () => {
    const publishTo = async (visitors: number) => {
      const projectId = await createOtherProject(server.db.sql);
      const sessionIds = await seedVisitors(projectId, visitors);
      await seedDeliveries(await seedContent(projectId), sessionIds);
      return countedDelivery(projectId, sessionIds);
    };
    const few = await publishTo(4);
    const many = await publishTo(240);
    expect(few.pushed).toBeGreaterThan(0);
    expect(many.pushed).toBeGreaterThan(150);
    expect(many.statements).toBe(few.statements);
    // Live content, sessions with their unread counts, delivery rows, the insert.
    expect(many.statements).toBe(4);
  });

  test(`beyond ${idsPerStatement} visitors a set is read and written in chunks, every visitor served`, async () => {
    const projectId = await createOtherProject(server.db.sql);
    const now = new Date().toISOString();
    const sessionIds = Array.from({ length: idsPerStatement + 1 }, () => Bun.randomUUIDv7());
    await server.db.sql.unsafe(
      `INSERT INTO widget_sessions (id, project_id, custom_data, created_at, last_seen_at, visit_started_at)
      SELECT column1, $1, '{}', $2, $2, $2 FROM (VALUES ${sessionIds.map((_, index) => `($${index + 3})`).join(", ")}) AS v`,
      [projectId, now, ...sessionIds],
    );
    const notification = await createOutbound(server.db.sql, {
      projectId,
      type: "notification",
      status: "live",
      name: "Everyone",
      config: { text: "Hello all" },
    });
    const delivered = await countedDelivery(projectId, sessionIds);
    expect(delivered.pushed).toBe(sessionIds.length);
    // The three set statements take a second chunk each.
    expect(delivered.statements).toBe(4 + 3);
    const [row] = await server.db.sql`SELECT count(*) AS offered FROM widget_outbound_deliveries
      WHERE outbound_id = ${notification.id}`;
    expect(Number((row as { offered: number | string }).offered)).toBe(sessionIds.length);
    // Every visitor got the same text: one notification, one unread.
    expect(new Set([...delivered.sent.values()].flat()).size).toBe(1);
  });

  test("offers of content deleted since the read are skipped, the others recorded", async () => {
    const projectId = await createOtherProject(server.db.sql);
    const sessionIds = await seedVisitors(projectId, 3);
    const { urgent } = await seedContent(projectId);
    const offers = sessionIds.flatMap((sessionId) => [
      { outboundId: urgent.id, sessionId },
      { outboundId: "deleted-meanwhile", sessionId },
    ]);
    offers.push({ outboundId: urgent.id, sessionId: "removed-meanwhile" });
    await recordOfferSet(server.db.sql, offers, new Date().toISOString());
    expect(await deliveryKeys([...sessionIds, "removed-meanwhile"])).toEqual(
      new Set(sessionIds.map((sessionId) => `${urgent.id}/${sessionId}`)),
    );
  });
});
