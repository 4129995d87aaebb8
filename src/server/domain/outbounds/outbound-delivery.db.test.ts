import { describe, expect, test } from "bun:test";
import type { OutboundAction } from "../../../shared/outbound-api.ts";
import type { WidgetPush } from "../../../shared/widget-socket-pushes.ts";
import {
  acknowledge,
  call,
  demoProjectId,
  expectNothingPushed,
  expectNothingPushedBesidesLateCount,
  nextBesidesCount,
  nextBesidesLateCount,
  nextCountOf,
  openSocket,
  outboundWrittenByHand,
  ping,
  pushesBeforeSentinel,
  startSession,
  type TestSession,
  type TestSocket,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { pushUnreadCount } from "./outbound-delivery.ts";
import { createOutbound } from "./outbound-repository.ts";

let server: TestServer;
let projectId: string;

startBeforeAll(startTestServer, async (started) => {
  server = started;
  projectId = await demoProjectId(server.db.sql);
});

type OutboundFields = Parameters<typeof createOutbound>[1];

/** Each test uses its own page, so content made by one test never matches another's sessions. */
const pageOf = (tag: string) => `https://shop.example/${tag}/pricing`;

function notification(tag: string, fields: Partial<OutboundFields> = {}) {
  return outboundWrittenByHand(server, {
    projectId,
    type: "notification",
    status: "live",
    name: `Notification ${tag}`,
    config: { text: "Hi {{name}}, our prices changed", sender: { name: "Kim" }, sound: true },
    pageFilter: `/${tag}/pricing`,
    pageFilterType: "endswith",
    ...fields,
  });
}

/** A session with a name and an open socket, as a visitor's page has them. */
async function visitor(name: string | null): Promise<{ session: TestSession; socket: TestSocket }> {
  const session = await startSession(server.mainUrl);
  if (name !== null) {
    const response = await call(server.mainUrl, session, "POST", "/sessions/partialupdate", {
      data: { name },
    });
    expect(response.status).toBe(200);
  }
  return { session, socket: await openSocket(server.mainUrl, session) };
}

/** Runs `check` with a visitor's session and socket, closing the socket after. */
async function withVisitor(
  name: string | null,
  check: (visitor: { session: TestSession; socket: TestSocket }) => Promise<void>,
): Promise<void> {
  const opened = await visitor(name);
  try {
    await check(opened);
  } finally {
    opened.socket.close();
  }
}

async function deliveries(outboundId: string): Promise<string[]> {
  const rows = await server.db.sql`SELECT session_id FROM widget_outbound_deliveries
    WHERE outbound_id = ${outboundId}`;
  return (rows as Array<{ session_id: string }>).map((row) => row.session_id);
}

const actionsOf = (push: WidgetPush) => (push.data as { a: OutboundAction[]; u: number }).a;

describe("outbound actions after a ping", () => {
  test("a matching live notification is offered as an update, with the unread count, until shown", async () => {
    const outbound = await notification("once");
    await withVisitor("Ada", async ({ session, socket }) => {
      const response = await ping(server.mainUrl, session, "https://shop.example/once/pricing");
      expect(response.status).toBe(200);
      const push = await nextBesidesCount(socket);
      expect(push.name).toBe("update");
      expect(push.data).toEqual({
        a: [
          {
            actionType: "notification",
            data: { text: "Hi Ada, our prices changed", sender: { name: "Kim" } },
            outbound: outbound.id,
            pageFilter: "/once/pricing",
            pageFilterType: "endswith",
            createdAt: expect.any(String),
            sound: true,
          },
        ],
        u: 1,
      });
      expect(await deliveries(outbound.id)).toEqual([session.gleapId]);

      // Not acknowledged as shown: offered again.
      expect((await ping(server.mainUrl, session, "https://shop.example/once/pricing")).status).toBe(200);
      expect(actionsOf(await nextBesidesCount(socket)).map((action) => action.outbound)).toEqual([
        outbound.id,
      ]);

      expect((await acknowledge(server.mainUrl, session, outbound.id, "shown")).status).toBe(200);
      expect((await ping(server.mainUrl, session, "https://shop.example/once/pricing")).status).toBe(200);
      // The socket opened with nothing unread: its opening count, read after the first ping, may come late.
      await expectNothingPushedBesidesLateCount(server.fanout, session, socket, "after shown", 1);
      expect(await deliveries(outbound.id)).toEqual([session.gleapId]);
    });
  });

  test("a non-matching page filter and a draft deliver nothing", async () => {
    const elsewhere = await notification("nomatch", { pageFilter: "/checkout", pageFilterType: "contains" });
    const draft = await notification("nomatch", { status: "draft" });
    await withVisitor("Ada", async ({ session, socket }) => {
      expect((await ping(server.mainUrl, session, pageOf("nomatch"))).status).toBe(200);
      await expectNothingPushed(server.fanout, session, socket, "nothing matched");
      expect(await deliveries(elsewhere.id)).toEqual([]);
      expect(await deliveries(draft.id)).toEqual([]);
    });
  });

  test("content waits for its page: a later ping on the matching page delivers it", async () => {
    const outbound = await notification("later");
    await withVisitor(null, async ({ session, socket }) => {
      await ping(server.mainUrl, session, "https://shop.example/later/about");
      await expectNothingPushed(server.fanout, session, socket, "wrong page");
      await ping(server.mainUrl, session, pageOf("later"));
      const push = await nextBesidesCount(socket);
      expect(actionsOf(push).map((action) => action.outbound)).toEqual([outbound.id]);
      // Without a name the placeholder goes, with the space before it.
      expect(actionsOf(push)[0]?.data.text).toBe("Hi, our prices changed");
    });
  });

  test("the unread count counts every notification delivered and not read", async () => {
    const first = await notification("count");
    await withVisitor("Ada", async ({ session, socket }) => {
      await ping(server.mainUrl, session, pageOf("count"));
      const offer = await nextBesidesCount(socket);
      expect(offer.data).toMatchObject({ u: 1 });
      expect(actionsOf(offer).map((action) => action.outbound)).toEqual([first.id]);
      await acknowledge(server.mainUrl, session, first.id, "shown");
      const second = await notification("count");
      await ping(server.mainUrl, session, pageOf("count"));
      const push = await nextBesidesCount(socket);
      expect(push.data).toMatchObject({ u: 2 });
      expect(actionsOf(push).map((action) => action.outbound)).toEqual([second.id]);

      await server.db.sql`UPDATE widget_outbound_deliveries SET read_at = ${new Date().toISOString()}
        WHERE outbound_id = ${first.id} AND session_id = ${session.gleapId}`;
      expect(await pushUnreadCount({ sql: server.db.sql, fanout: server.fanout }, session.gleapId)).toBe(1);
      // The socket's opening count, read late, may say an earlier figure (2) first.
      expect(await nextCountOf(socket, 1)).toEqual({ name: "update", data: { a: [], u: 1 } });
    });
  });

  test("a socket that opens with unread notifications is told the count at once, one without is told nothing", async () => {
    await notification("reopen");
    const { session, socket } = await visitor("Ada");
    await ping(server.mainUrl, session, pageOf("reopen"));
    // This socket opened with nothing unread: its opening count, read after the ping, may come late.
    expect((await nextBesidesLateCount(socket, 1)).data).toMatchObject({ u: 1 });
    await expectNothingPushedBesidesLateCount(server.fanout, session, socket, "before reopening", 1);
    socket.close();

    const reopened = await openSocket(server.mainUrl, session);
    try {
      expect(await reopened.next()).toEqual({ name: "update", data: { a: [], u: 1 } });
      const fresh = await visitor(null);
      await expectNothingPushed(server.fanout, fresh.session, fresh.socket, "fresh socket");
      fresh.socket.close();
    } finally {
      reopened.close();
    }
  });

  test("pings racing each other record one offer", async () => {
    const outbound = await notification("race");
    await withVisitor("Ada", async ({ session, socket }) => {
      const responses = await Promise.all(
        [1, 2, 3, 4].map(() => ping(server.mainUrl, session, pageOf("race"))),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      // Each ping offers what is not shown yet; the widget shows a notification once (by outbound id).
      // The socket's opening sends the badge's count alone (no actions) when it reads it after a ping
      // recorded the offer: that push may come anywhere among them.
      const pushes = await pushesBeforeSentinel(server.fanout, session, socket, "after the race");
      const offers = pushes.map((push) => actionsOf(push).map((action) => action.outbound));
      expect(offers.filter((offer) => offer.length > 0)).toEqual([
        [outbound.id],
        [outbound.id],
        [outbound.id],
        [outbound.id],
      ]);
      expect(offers.filter((offer) => offer.length === 0).length).toBeLessThanOrEqual(1);
      expect(await deliveries(outbound.id)).toEqual([session.gleapId]);
    });
  });

  test("one banner and one modal-like takeover per update, in their client shape, the next once shown", async () => {
    const takeover = { pageFilter: pageOf("takeover"), pageFilterType: "is" as const };
    const make = (
      type: OutboundFields["type"],
      name: string,
      config: OutboundFields["config"],
      fields: Partial<OutboundFields> = {},
    ) =>
      outboundWrittenByHand(server, {
        projectId,
        type,
        status: "live",
        name,
        config,
        ...takeover,
        ...fields,
      });
    const banner = await make("banner", "Banner", { format: "floating", text: "Sale for {{name}}" });
    const modal = await make("modal", "Modal", { showCloseButton: false, title: "Welcome" });
    const survey = await make("survey", "Survey", { format: "survey_full", formId: "nps-form" });
    const goDoc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Go" }] }] };
    const tour = await make(
      "tour",
      "Tour",
      { steps: [{ selector: "#a", message: goDoc }] },
      { pageFilter: "/takeover/{page}", pageFilterType: "contains" },
    );
    await withVisitor("Ada <3", async ({ session, socket }) => {
      await ping(server.mainUrl, session, pageOf("takeover"));
      // The banner slot's head and the takeover slot's head (the modal, published first).
      expect(actionsOf(await nextBesidesCount(socket))).toEqual([
        {
          actionType: "banner",
          format: "floating",
          data: { text: "Sale for Ada &lt;3" },
          outbound: banner.id,
          ...takeover,
        },
        {
          actionType: "modal",
          data: { showCloseButton: false, title: "Welcome" },
          outbound: modal.id,
          ...takeover,
        },
      ]);
      await acknowledge(server.mainUrl, session, banner.id, "shown");
      await acknowledge(server.mainUrl, session, modal.id, "shown");
      await ping(server.mainUrl, session, pageOf("takeover"));
      expect(actionsOf(await nextBesidesCount(socket))).toEqual([
        { actionType: "nps-form", format: "survey_full", data: {}, outbound: survey.id, ...takeover },
      ]);
      await acknowledge(server.mainUrl, session, survey.id, "shown");
      await ping(server.mainUrl, session, pageOf("takeover"));
      const push = await nextBesidesCount(socket);
      expect(actionsOf(push)).toEqual([
        {
          actionType: "tour",
          data: { steps: [{ selector: "#a", message: "<p>Go</p>" }] },
          outbound: tour.id,
          pageFilter: "/takeover/{page}",
          pageFilterType: "contains",
        },
      ]);
      // None of them is a notification, so nothing is unread.
      expect(push.data).toMatchObject({ u: 0 });
    });
  });

  test("a ping sent before the socket is up (ws: false) answers the update itself instead of pushing it", async () => {
    const outbound = await notification("answered");
    const { session, socket } = await visitor("Ada");
    const firstPing = (page: string) =>
      call(server.mainUrl, session, "POST", "/sessions/ping", {
        time: 0,
        ws: false,
        events: [{ name: "pageView", date: new Date().toISOString(), data: { page } }],
      });
    try {
      // Nothing due on this page: the answer is the plain one.
      expect(await (await firstPing("https://shop.example/answered/about")).json()).toEqual({
        ok: true,
        stored: 1,
      });
      const answered = await firstPing(pageOf("answered"));
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual({
        ok: true,
        stored: 1,
        name: "update",
        data: {
          a: [expect.objectContaining({ actionType: "notification", outbound: outbound.id })],
          u: 1,
        },
      });
      // The socket opened with nothing unread: its opening count, read after the ping, may come late.
      await expectNothingPushedBesidesLateCount(server.fanout, session, socket, "answered, not pushed", 1);
      expect(await deliveries(outbound.id)).toEqual([session.gleapId]);

      // The reference client's ping (`ws: true`): pushed, and its answer says what was stored only.
      const pushed = await ping(server.mainUrl, session, pageOf("answered"));
      expect(await pushed.json()).toEqual({ ok: true, stored: 1 });
      expect(actionsOf(await nextBesidesCount(socket)).map((action) => action.outbound)).toEqual([
        outbound.id,
      ]);
    } finally {
      socket.close();
    }
  });

  test("checklists are not sent as actions", async () => {
    const checklist = await outboundWrittenByHand(server, {
      projectId,
      type: "checklist",
      status: "live",
      name: "Checklist",
      config: { steps: [{ id: "a", title: "A" }] },
      pageFilter: pageOf("checklist"),
      pageFilterType: "is",
    });
    await withVisitor("Ada", async ({ session, socket }) => {
      await ping(server.mainUrl, session, pageOf("checklist"));
      await expectNothingPushed(server.fanout, session, socket, "checklist");
      expect(await deliveries(checklist.id)).toEqual([]);
    });
  });
});

describe("createOutbound", () => {
  test("refuses a config that does not fit its type", async () => {
    const invalid: OutboundFields[] = [
      { projectId, type: "checklist", status: "live", name: "x", config: { steps: [] } },
      {
        projectId,
        type: "checklist",
        status: "live",
        name: "x",
        config: {
          steps: [
            { id: "a", title: "A" },
            { id: "a", title: "B" },
          ],
        },
      },
      { projectId, type: "notification", status: "live", name: "x", config: {} },
      { projectId, type: "tour", status: "live", name: "x", config: { steps: "none" } },
      { projectId, type: "banner", status: "paused" as "live", name: "x", config: {} },
      { projectId, type: "banner", status: "live", name: "x", config: {}, pageFilterType: "regex" as "is" },
    ];
    for (const fields of invalid) await expect(createOutbound(server.db.sql, fields)).rejects.toThrow();
  });
});
